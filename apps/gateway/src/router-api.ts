/**
 * The gateway's routes of issue 5, in one list so the module wires them in one line: the public
 * roster, the admin roster and operations cancel, and the expert API with its own guard.
 */
import { AdminCancelDeploymentController } from './admin/deployments/admin-cancel-deployment.controller';
import { AdminExpertsController } from './admin/experts/admin-experts.controller';
import { ExpertActionsController } from './expert/actions/expert-actions.controller';
import { ExpertGuard } from './expert/expert.guard';
import { ExpertWorkController } from './expert/work/expert-work.controller';
import { ListExpertsController } from './experts/list-experts.controller';

export const ROUTER_API_CONTROLLERS = [
  ListExpertsController,
  AdminExpertsController,
  AdminCancelDeploymentController,
  ExpertWorkController,
  ExpertActionsController,
];

export const ROUTER_API_PROVIDERS = [ExpertGuard];
