import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { ref } from '../docs/openapi/parts/admin.parts';

export const cancelOperation: AdminOperationDoc = { response: ref('Deployment') };
