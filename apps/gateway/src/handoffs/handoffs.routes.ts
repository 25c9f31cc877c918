/** Handoffs (libs/handoffs): `POST /v1/handoffs` and `GET /v1/handoffs/:id`. */
import { GetHandoffController } from './get-handoff.controller';
import { OpenHandoffController } from './open-handoff.controller';

export const HANDOFFS_CONTROLLERS = [OpenHandoffController, GetHandoffController];
