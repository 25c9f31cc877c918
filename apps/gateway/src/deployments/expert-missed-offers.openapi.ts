import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';

export const listMissedOffersOperation: ExpertOperationDoc = {
  operationId: 'listMissedOffers',
  tag: 'Work',
  summary: 'Offers you declined or let lapse',
  description:
    'Offers made to you in the last 30 days (CONSOLE_MISSED_OFFERS_DAYS) that ended in your decline or timed out, newest first, at most 50 (CONSOLE_MISSED_OFFERS_LIMIT): the skills and the credits reserved, never the brief (the deployment is no longer yours).',
  response: componentRef('MissedOfferList'),
};
