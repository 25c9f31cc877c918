/**
 * Deployments (libs/deployments): the agent's `/v1/deployments`, operations' cancel, and the
 * expert API's work on offered and assigned deployments (`/expert/v1`), earnings included.
 */
import { AdminCancelDeploymentController } from './admin-cancel-deployment.controller';
import { CreateDeploymentController } from './create-deployment.controller';
import { DeploymentCommandsController } from './deployment-commands.controller';
import { ExpertActionsController } from './expert-actions.controller';
import { ExpertDraftController } from './expert-draft.controller';
import { ExpertEarningsController } from './expert-earnings.controller';
import { ExpertMissedOffersController } from './expert-missed-offers.controller';
import { ExpertWorkController } from './expert-work.controller';
import { GetDeploymentController } from './get-deployment.controller';
import { ListDeploymentsController } from './list-deployments.controller';
import { QuoteDeploymentController } from './quote-deployment.controller';
import { RoutingHistoryController } from './routing-history.controller';

export const DEPLOYMENTS_CONTROLLERS = [
  CreateDeploymentController,
  QuoteDeploymentController,
  GetDeploymentController,
  ListDeploymentsController,
  DeploymentCommandsController,
  RoutingHistoryController,
  AdminCancelDeploymentController,
  ExpertMissedOffersController,
  ExpertWorkController,
  ExpertActionsController,
  ExpertDraftController,
  ExpertEarningsController,
];
