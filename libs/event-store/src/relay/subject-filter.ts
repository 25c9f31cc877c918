/**
 * NATS subject filters as the server reads them: tokens split on `.`, `*` matches one token,
 * `>` (last only) one or more. A rider on another reactor's durable (Reactor.ridesOn) may filter
 * on a subject within its host's: these say whether it may, and which deliveries are its own.
 */

/** Whether every subject `inner` takes, `outer` takes too. */
export function filterCovers(outer: string, inner: string): boolean {
  const wide = outer.split('.');
  const narrow = inner.split('.');
  for (let index = 0; index < wide.length; index++) {
    const token = wide[index];
    if (token === '>') return narrow.length > index;
    if (index >= narrow.length) return false;
    const other = narrow[index];
    // `>` in the narrow filter takes subjects of any length, which only `>` above covers.
    if (other === '>') return false;
    if (token !== '*' && token !== other) return false;
  }
  return wide.length === narrow.length;
}

/** Whether `subject` (a published one: no wildcards) is one the filter takes: the filter covers it as a filter of its own. */
export function subjectMatches(filter: string, subject: string): boolean {
  return filterCovers(filter, subject);
}
