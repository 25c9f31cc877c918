import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { ref } from '../docs/openapi/parts/admin.parts';

export const inviteOperation: AdminOperationDoc = { response: ref('ExpertInvitation') };
