import type { ListEnvelope } from '../../../http/list-envelope';
import { objectOf, type JsonSchema } from '../json-schema';

/** Every list's envelope (apps/gateway/src/http/list-envelope.ts), around items of `item`. */
export function listEnvelopeSchema(item: JsonSchema, description: string): JsonSchema {
  return objectOf<ListEnvelope<unknown>>(
    {
      object: { type: 'string', const: 'list' },
      data: { type: 'array', items: item },
      next: { type: ['string', 'null'], description: 'Cursor of the next page (pass it as `cursor`), or null on the last page.' },
      has_more: { type: 'boolean' },
    },
    { description },
  );
}
