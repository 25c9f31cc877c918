/**
 * Subject of an event on JetStream: `<prefix>.<category>.<id>`, where
 * the stream name `deployment-dep_01H…` splits on its first `-` into category and id, and
 * `<prefix>.<category>.<id>.<qualifier>` for a stream its category qualifies (stream-qualifiers.ts).
 * Reactors filter on `<prefix>.<category>.>` (every event of the category) or
 * `<prefix>.<category>.*` (only those of unqualified streams).
 */
const SUBJECT_TOKEN = /^[^\s.*>]+$/;

export function eventSubject(prefix: string, streamName: string, qualifier?: string): string {
  const category = categoryOf(streamName);
  const id = category ? streamName.slice(category.length + 1) : '';
  if (!SUBJECT_TOKEN.test(category) || !SUBJECT_TOKEN.test(id)) {
    throw new TypeError(`stream name ${JSON.stringify(streamName)} is not <category>-<id> with subject-safe parts`);
  }
  if (qualifier !== undefined && !SUBJECT_TOKEN.test(qualifier)) throw new TypeError(`subject qualifier ${JSON.stringify(qualifier)} is not one subject token`);
  return qualifier === undefined ? `${prefix}.${category}.${id}` : `${prefix}.${category}.${id}.${qualifier}`;
}

/** Every event of one category, e.g. `events.deployment.>`. */
export function categorySubject(prefix: string, category: string): string {
  return `${prefix}.${category}.>`;
}

/** The category of a stream name (`deployment` for `deployment-dep_1`), or '' when it has none. */
export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash > 0 ? streamName.slice(0, dash) : '';
}
