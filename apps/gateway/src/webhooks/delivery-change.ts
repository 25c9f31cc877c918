import { withOverdue, type DeliveryResource, type PresentedDelivery } from '@eh/delivery';
import type { FastifyRequest } from 'fastify';

/**
 * A resend or a retry of one delivery, made by this request on behalf of `who` (a partner's actor,
 * or operations), answered with the delivery as it then stands, overdue or not.
 */
export async function changeDelivery<Who extends object>(
  who: Who,
  request: FastifyRequest,
  overdueAfterMs: number,
  change: (made: Who & { correlationId: string; now: Date }) => Promise<DeliveryResource>,
): Promise<PresentedDelivery> {
  const now = new Date();
  return withOverdue(await change({ ...who, correlationId: String(request.id), now }), now, overdueAfterMs);
}
