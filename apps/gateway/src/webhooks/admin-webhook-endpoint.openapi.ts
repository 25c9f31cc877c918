import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { ref } from '../docs/openapi/parts/admin.parts';

export const registerOperation: AdminOperationDoc = { response: ref('AdminWebhookEndpointWithSecret') };

export const showOperation: AdminOperationDoc = { response: ref('AdminWebhookEndpoint') };

export const rotateOperation: AdminOperationDoc = { response: ref('AdminWebhookEndpointWithSecret') };
