/**
 * What to announce of an offer the live stream just told of: the offer as the expert API shows
 * it, or, when it cannot be read for a reason that may pass (a network error, a 5xx, after
 * three tries), what the live message said. An answer that will not change (a 404: the offer
 * went to someone else or was withdrawn meanwhile; a 401: signed out) announces nothing.
 */
import { ApiError } from '../api/api-error';
import { offerNotice, unreadOfferNotice, type OfferNotice } from './offer-notice';

/** Reads the offer as the expert API shows it. */
export type ReadOffer = (id: string) => Promise<Parameters<typeof offerNotice>[0]>;

const READ_ATTEMPTS = 3;
const READ_AGAIN_AFTER_MS = 500;

const mayPass = (error: unknown): boolean => !(error instanceof ApiError) || error.status >= 500;

/**
 * The tries are counted here rather than by the query client: its retries wait for the window
 * to have focus again, and a notification is only ever shown while it has none.
 */
async function readAgainOnFailure<T>(read: () => Promise<T>, waitMs: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= READ_ATTEMPTS || !mayPass(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

export async function offerNoticeToShow(
  deploymentId: string,
  expiresAt: string,
  readOffer: ReadOffer,
  waitMs: number = READ_AGAIN_AFTER_MS,
): Promise<OfferNotice | null> {
  try {
    return offerNotice(await readAgainOnFailure(() => readOffer(deploymentId), waitMs));
  } catch (error) {
    if (!mayPass(error)) return null;
    console.warn(`could not read offer ${deploymentId} for its notification`, error);
    return unreadOfferNotice(deploymentId, expiresAt);
  }
}
