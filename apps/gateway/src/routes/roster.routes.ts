/**
 * The roster (libs/roster): `GET /v1/experts`, operations' roster and console invitations of
 * experts; the expert credential's guard; and the router's quote, which every create asks first.
 */
import { AdminExpertAccessController } from '../console-auth/admin-expert-access.controller';
import { AdminExpertsController } from '../admin/experts/admin-experts.controller';
import { ExpertGuard } from '../expert/expert.guard';
import { ListExpertsController } from '../experts/list-experts.controller';
import { ROUTER_CLIENT } from '../http/tokens';
import type { RouterClient } from '../routing/router.client';

export const ROSTER_CONTROLLERS = [ListExpertsController, AdminExpertsController, AdminExpertAccessController];

export const rosterProviders = (deps: { router: RouterClient }) => [ExpertGuard, { provide: ROUTER_CLIENT, useValue: deps.router }];
