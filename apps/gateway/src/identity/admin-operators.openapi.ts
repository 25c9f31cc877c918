import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { ref } from '../docs/openapi/parts/admin.parts';

export const listOperation: AdminOperationDoc = { response: ref('OperatorList') };

export const inviteOperation: AdminOperationDoc = { response: ref('OperatorInvitation') };

export const removeOperation: AdminOperationDoc = { response: ref('RemovedOperator') };

export const endSessionsOperation: AdminOperationDoc = { response: ref('EndedOperatorSessions') };
