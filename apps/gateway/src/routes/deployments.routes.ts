/**
 * Deployments (libs/deployments): the agent's `/v1/deployments`, operations' cancel, and the
 * expert API's work on offered and assigned deployments (`/expert/v1`), with its live updates.
 */
import { AdminCancelDeploymentController } from '../admin/deployments/admin-cancel-deployment.controller';
import { CancelDeploymentController } from '../deployments/cancel-deployment/cancel-deployment.controller';
import { CreateDeploymentController } from '../deployments/create-deployment/create-deployment.controller';
import { GetDeploymentController } from '../deployments/get-deployment/get-deployment.controller';
import { GiveFeedbackController } from '../deployments/give-feedback/give-feedback.controller';
import { QuoteDeploymentController } from '../deployments/quote-deployment/quote-deployment.controller';
import { ListDeploymentsController } from '../deployments/list-deployments/list-deployments.controller';
import { RoutingHistoryController } from '../deployments/routing-history/routing-history.controller';
import { ReplyToDeploymentController } from '../deployments/reply-to-deployment/reply-to-deployment.controller';
import { ExpertActionsController } from '../expert/actions/expert-actions.controller';
import { ExpertDraftController } from '../expert/drafts/expert-draft.controller';
import { ExpertEarningsController } from '../expert/earnings/expert-earnings.controller';
import type { ExpertEventHub } from '../expert/events/expert-event.hub';
import { ExpertEventsController } from '../expert/events/expert-events.controller';
import { EXPERT_EVENT_HUB } from '../expert/events/expert-events.tokens';
import { ExpertMissedOffersController } from '../expert/missed-offers/expert-missed-offers.controller';
import { ExpertWorkController } from '../expert/work/expert-work.controller';

export const DEPLOYMENTS_CONTROLLERS = [
  CreateDeploymentController,
  QuoteDeploymentController,
  GetDeploymentController,
  ListDeploymentsController,
  CancelDeploymentController,
  ReplyToDeploymentController,
  GiveFeedbackController,
  RoutingHistoryController,
  AdminCancelDeploymentController,
  ExpertMissedOffersController,
  ExpertWorkController,
  ExpertActionsController,
  ExpertDraftController,
  ExpertEarningsController,
  ExpertEventsController,
];

// Read when first injected, not when the module is listed: the offline OpenAPI gateway and the fuzzer's route catalog pass no connections at all.
export const deploymentsProviders = (expertEvents: () => ExpertEventHub) => [{ provide: EXPERT_EVENT_HUB, useFactory: expertEvents }];
