import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { cursor, limit, q, ref } from '../docs/openapi/parts/admin.parts';

export const createOperation: AdminOperationDoc = { response: ref('CreatedWorkspace') };

export const listOperation: AdminOperationDoc = {
  response: ref('WorkspaceList'),
  query: [q('q', 'A workspace id, or at least 3 characters found in the name (case-insensitive).', { type: 'string', minLength: 3 }), limit(20), cursor],
};

export const showOperation: AdminOperationDoc = { response: ref('WorkspaceSummary') };

export const revokeOperation: AdminOperationDoc = { response: ref('WorkspaceSummary') };

export const rotateOperation: AdminOperationDoc = { response: ref('IssuedKey') };
