import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { cursor, limit, q, ref } from '../docs/openapi/parts/admin.parts';

export const plansOperation: AdminOperationDoc = { response: ref('AccountPlanList') };

export const showOperation: AdminOperationDoc = { response: ref('AccountSummary') };

export const grantOperation: AdminOperationDoc = { response: ref('AccountSummary') };

export const planOperation: AdminOperationDoc = { response: ref('AccountSummary') };

export const auditLogOperation: AdminOperationDoc = {
  response: ref('AuditEntryList'),
  query: [limit(50), cursor, q('action', 'Only entries of this action, e.g. `credits.granted`.', { type: 'string' })],
};
