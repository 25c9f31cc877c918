import type { Pool } from 'pg';

/** One node of a plan as `EXPLAIN (FORMAT JSON)` gives it (the fields the specs read). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The node and every node below it, depth first. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** The plan of one statement; `options` as EXPLAIN takes them, FORMAT JSON added. */
export async function explainPlan(pool: Pool, text: string, params: unknown[], options: string[] = []): Promise<PlanNode> {
  const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (${[...options, 'FORMAT JSON'].join(', ')}) ${text}`, params);
  return rows[0]['QUERY PLAN'][0].Plan;
}

/**
 * Stands in for the SQL client of a query function: each statement it is sent is explained
 * (not run) and its plan handed to `seen`; the caller gets no rows back.
 */
export function explainingClient(pool: Pool, options: string[], seen: (plan: PlanNode) => void) {
  return {
    query: async (text: string, params: unknown[]) => {
      seen(await explainPlan(pool, text, params, options));
      return { rows: [], rowCount: 0 };
    },
  };
}

/** Rows a scan read: those it returned and those it dropped after reading them. */
export const rowsTouched = (scan: PlanNode): number =>
  (scan['Actual Rows'] ?? 0) + (scan['Rows Removed by Filter'] ?? 0) + (scan['Rows Removed by Index Recheck'] ?? 0);
