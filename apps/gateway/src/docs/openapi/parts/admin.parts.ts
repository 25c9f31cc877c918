import { componentRef, idOf, type JsonSchema } from '../json-schema';

export const q = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'query', required: false, description, schema });
export const limit = (byDefault: number) =>
  q('limit', `Page size, 1–100 (default ${byDefault}).`, { type: 'integer', minimum: 1, maximum: 100, default: byDefault });
export const cursor = q('cursor', 'The `next` of the previous page.', { type: 'string' });
export const workspaceFilter = q('workspace_id', 'Only this workspace’s.', idOf('workspace'));
export const ref = componentRef;
