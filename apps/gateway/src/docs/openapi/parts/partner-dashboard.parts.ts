import type { QueryParameter } from '../query-parameters';

export const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }): QueryParameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
export const limit = (fallback: number): QueryParameter =>
  query('limit', `Page size, 1 to 100 (default ${fallback}); outside is 400.`, { type: 'integer', minimum: 1, maximum: 100, default: fallback });
export const cursor = query('cursor', 'The `next` of the previous page, unchanged. Given once.');
