import { findDeploymentScope, type ExpertDeploymentView } from '@eh/deployments';
import { memoryForExpert, type ExpertMemory } from '@eh/memory';
import type { SqlClient } from '@eh/platform';

/** What GET /expert/v1/deployments/:id answers: the view, plus the workspace's brand memory (issue 8). */
export type ExpertDeploymentWithMemory = ExpertDeploymentView & { memory: ExpertMemory | null };

const WORKING = new Set(['accepted', 'in_progress', 'needs_input']);

/**
 * Customer data reaches one expert only: the one assigned, while the work is open. An offered
 * expert decides on the brief alone, and nobody reads the memory once the work has ended.
 */
export async function withMemory(sql: SqlClient, view: ExpertDeploymentView): Promise<ExpertDeploymentWithMemory> {
  if (view.relation !== 'assigned' || !WORKING.has(view.status)) return { ...view, memory: null };
  const scope = await findDeploymentScope(sql, view.id);
  if (!scope) return { ...view, memory: null };
  return { ...view, memory: await memoryForExpert(sql, scope, view.handoff?.memory_keys ?? []) };
}
