import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { cursor, limit, ref } from '../docs/openapi/parts/admin.parts';

export const listOperation: AdminOperationDoc = { response: ref('NotificationSendList'), query: [limit(20), cursor] };
