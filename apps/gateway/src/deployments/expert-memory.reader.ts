import { findDeploymentScope, type EarlierWork, type ExpertDeploymentView } from '@eh/deployments';
import { memoryForExpert, type ExpertMemory } from '@eh/memory';
import type { SqlClient } from '@eh/platform';

/** What GET /expert/v1/deployments/:id answers: the view, plus the workspace's brand memory and, on a follow-up, the earlier work. */
export type ExpertDeploymentWithMemory = ExpertDeploymentView & { memory: ExpertMemory | null; follow_up_of: EarlierWork | null };

const WORKING = new Set(['accepted', 'in_progress', 'needs_input']);

/**
 * Customer data reaches one expert only: the one assigned, while the work is open. An offered
 * expert decides on the brief alone, and nobody reads the memory once the work has ended.
 */
export async function withMemory(sql: SqlClient, view: ExpertDeploymentView): Promise<ExpertDeploymentView & { memory: ExpertMemory | null }> {
  if (view.relation !== 'assigned' || !WORKING.has(view.status)) return { ...view, memory: null };
  const scope = await findDeploymentScope(sql, view.id);
  if (!scope) return { ...view, memory: null };
  return { ...view, memory: await memoryForExpert(sql, scope, view.handoff?.memory_keys ?? []) };
}
