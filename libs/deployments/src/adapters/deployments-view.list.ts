import { isId, type DeploymentStatus, type KeyMode } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { DeploymentResource } from '../domain/deployment.resource';

/** GET /v1/deployments filters, already validated; empty / null means "any". */
export interface DeploymentListFilters {
  statuses: readonly DeploymentStatus[];
  /** Deployments whose `skills` contain this tag. */
  skill: string | null;
  /** Inclusive lower bound on created_at, ISO 8601. */
  createdAfter: string | null;
  /** A deployment id (that one deployment) or text found anywhere in the brief, case-insensitively. */
  q: string | null;
}

/** Where a page ended: the keyset (created_at desc, id desc) of its last row. */
export interface DeploymentListPosition {
  /** Exact to the microsecond as stored, so the next page neither skips nor repeats a row. */
  createdAt: string;
  id: string;
}

export interface DeploymentListRequest {
  filters: DeploymentListFilters;
  /** The previous page's last row; null for the first page. */
  after: DeploymentListPosition | null;
  limit: number;
}

export interface DeploymentListPage {
  deployments: DeploymentResource[];
  /** Position of the last deployment returned; null on an empty page. */
  last: DeploymentListPosition | null;
  hasMore: boolean;
}

/**
 * Most recent first, keyset-paginated on (created_at, id) so a page costs the same at any depth
 * and rows created meanwhile never shift later pages. A workspace sees only its own deployments,
 * and a key only its own mode's (as findDeployment).
 */
export async function listDeployments(
  sql: SqlClient,
  scope: { workspaceId: string; mode: KeyMode },
  request: DeploymentListRequest,
): Promise<DeploymentListPage> {
  const params: unknown[] = [scope.workspaceId, scope.mode];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // Conditions are added only when used, so each query shape gets a plan fitted to it.
  const where = ['workspace_id = $1', 'mode = $2'];
  const { filters, after } = request;
  if (filters.statuses.length > 0) where.push(`status = ANY(${param(filters.statuses)}::text[])`);
  if (filters.skill !== null) where.push(`skills @> ARRAY[${param(filters.skill)}::text]`);
  if (filters.createdAfter !== null) where.push(`created_at >= ${param(filters.createdAfter)}::timestamptz`);
  if (filters.q !== null) where.push(searchCondition(filters.q, param));
  if (after !== null) where.push(`(created_at, id) < (${param(after.createdAt)}::timestamptz, ${param(after.id)}::text)`);
  // One row more than asked tells whether another page exists without a count.
  const limit = param(request.limit + 1);
  const { rows } = await sql.query<{ resource: DeploymentResource; id: string; position_created_at: string }>(
    `SELECT resource, id,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position_created_at
       FROM deployments_view
      WHERE ${where.join(' AND ')}
      ORDER BY created_at DESC, id DESC
      LIMIT ${limit}`,
    params,
  );
  const page = rows.slice(0, request.limit);
  const lastRow = page[page.length - 1];
  return {
    deployments: page.map((row) => row.resource),
    last: lastRow ? { createdAt: lastRow.position_created_at, id: lastRow.id } : null,
    hasMore: rows.length > request.limit,
  };
}

/**
 * `q` as SQL: an id is an exact key lookup; anything else is a substring of the brief, matched by
 * ILIKE, which the trigram index (deployments_view_brief_search) serves for 3 characters and more.
 * The planner chooses per query: a rare word is found through that index and its few matches sorted;
 * a common one walks the workspace's rows newest first and stops at the page's end.
 * `%`, `_` and a backslash are taken literally, so a search for "100%" finds that text.
 */
function searchCondition(q: string, param: (value: unknown) => string): string {
  if (isId('deployment', q)) return `id = ${param(q)}`;
  const literal = q.replace(/[\\%_]/g, (character) => `\\${character}`);
  return `brief ILIKE ${param(`%${literal}%`)}`;
}
