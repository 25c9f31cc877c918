import { decodeCheckpoint, type RecordedEvent } from '@eh/event-store';

/** Batches remembered; a batch's events arrive together, so a few hundred is plenty. */
const REMEMBERED_BATCHES = 256;

/**
 * Issue 14: one destination check per appended batch of a stream, not one per event. A batch
 * commits in one transaction, and its first event's check ran after that commit (the relay
 * publishes only committed events), so it saw every endpoint registered before any event of the
 * batch existed: its answer holds for the rest. The answer is shared while still in flight
 * (several pullers take one batch's events at once); a failed check is forgotten.
 */
export function oncePerBatch(check: (event: RecordedEvent) => Promise<boolean>): (event: RecordedEvent) => Promise<boolean> {
  const answers = new Map<string, Promise<boolean>>();
  return (event) => {
    const batch = `${decodeCheckpoint(event.checkpoint).transactionId}/${event.streamName}`;
    const known = answers.get(batch);
    if (known) return known;
    const answer = check(event);
    answers.set(batch, answer);
    answer.catch(() => answers.delete(batch));
    if (answers.size > REMEMBERED_BATCHES) answers.delete(answers.keys().next().value as string);
    return answer;
  };
}
