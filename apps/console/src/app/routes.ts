/** The console's pages by path (below the `/console` base): pure, so a unit test reads it. */

export type Route =
  | { page: 'offers' }
  | { page: 'work-list' }
  | { page: 'work'; deploymentId: string }
  | { page: 'history' }
  | { page: 'sign-in' }
  | { page: 'invitation'; token: string }
  | { page: 'not-found' };

/** A malformed escape (`%E0%A4%A`) is kept as typed rather than breaking the page. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `/offers`, `/work/dep_…`: the path below the base. */
export function routeOf(path: string): Route {
  const parts = path.split('/').filter(Boolean).map(decode);
  const [first, second, ...rest] = parts;
  if (rest.length > 0) return { page: 'not-found' };
  if (first === undefined || (first === 'offers' && !second)) return { page: 'offers' };
  if (first === 'work') return second ? { page: 'work', deploymentId: second } : { page: 'work-list' };
  if (first === 'history' && !second) return { page: 'history' };
  if (first === 'sign-in' && !second) return { page: 'sign-in' };
  if (first === 'invitations' && second) return { page: 'invitation', token: second };
  return { page: 'not-found' };
}
