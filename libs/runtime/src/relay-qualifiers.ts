import { deliveryRecordQualifier, deploymentModeQualifier } from '@eh/contracts';
import { storeOnlyAppends, type SubjectQualifier } from '@eh/event-store';

/**
 * The subject qualifiers of every context (SubjectQualifier): the relay publishes by them, and the
 * store of every process sends no commit notice for an append the relay keeps in the store only.
 */
export const RELAY_QUALIFIERS: readonly SubjectQualifier[] = [deploymentModeQualifier, deliveryRecordQualifier];

/** An append the relay keeps in the store only (a delivery's records) sends no commit notice. */
export const isStoreOnlyAppend = storeOnlyAppends(RELAY_QUALIFIERS);
