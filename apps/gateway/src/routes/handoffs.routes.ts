/** Handoffs (libs/handoffs): `POST /v1/handoffs` and `GET /v1/handoffs/:id`. */
import { GetHandoffController } from '../handoffs/get-handoff/get-handoff.controller';
import { OpenHandoffController } from '../handoffs/open-handoff/open-handoff.controller';

export const HANDOFFS_CONTROLLERS = [OpenHandoffController, GetHandoffController];
