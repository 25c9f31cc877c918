/**
 * Subject of an event on JetStream (DESIGN.md "To NATS"): `<prefix>.<category>.<id>`, where
 * the stream name `deployment-dep_01H…` splits on its first `-` into category and id.
 * Reactors filter on `<prefix>.<category>.>`.
 */
const SUBJECT_TOKEN = /^[^\s.*>]+$/;

export function eventSubject(prefix: string, streamName: string): string {
  const dash = streamName.indexOf('-');
  const category = dash > 0 ? streamName.slice(0, dash) : '';
  const id = dash > 0 ? streamName.slice(dash + 1) : '';
  if (!SUBJECT_TOKEN.test(category) || !SUBJECT_TOKEN.test(id)) {
    throw new TypeError(`stream name ${JSON.stringify(streamName)} is not <category>-<id> with subject-safe parts`);
  }
  return `${prefix}.${category}.${id}`;
}

/** Every event of one category, e.g. `events.deployment.>`. */
export function categorySubject(prefix: string, category: string): string {
  return `${prefix}.${category}.>`;
}
