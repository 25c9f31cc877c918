/**
 * The roster (libs/roster): `GET /v1/experts`, operations' roster and console invitations of
 * experts; and the router's quote, which every create asks first.
 */
import type { RouterClient } from '@eh/routing';
import { ROUTER_CLIENT } from '../http/tokens';
import { AdminExpertAccessController } from './admin-expert-access.controller';
import { AdminExpertsController } from './admin-experts.controller';
import { ListExpertsController } from './list-experts.controller';

export const EXPERTS_CONTROLLERS = [ListExpertsController, AdminExpertsController, AdminExpertAccessController];

export const expertsProviders = (deps: { router: RouterClient }) => [{ provide: ROUTER_CLIENT, useValue: deps.router }];
