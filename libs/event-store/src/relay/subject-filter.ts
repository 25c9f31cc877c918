/**
 * NATS subject filters as the server reads them: tokens split on `.`, `*` matches one token,
 * `>` (last only) one or more. A rider on another reactor's durable (Reactor.ridesOn) may filter
 * on a subject within its host's: these say whether it may, and which deliveries are its own.
 */

const tokens = (subject: string): string[] => subject.split('.');

/** Whether `subject` (no wildcards) is one the filter takes. */
export function subjectMatches(filter: string, subject: string): boolean {
  const wanted = tokens(filter);
  const given = tokens(subject);
  for (let index = 0; index < wanted.length; index++) {
    const token = wanted[index];
    if (token === '>') return given.length > index;
    if (index >= given.length) return false;
    if (token !== '*' && token !== given[index]) return false;
  }
  return wanted.length === given.length;
}

/** Whether every subject `inner` takes, `outer` takes too. */
export function filterCovers(outer: string, inner: string): boolean {
  const wide = tokens(outer);
  const narrow = tokens(inner);
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
