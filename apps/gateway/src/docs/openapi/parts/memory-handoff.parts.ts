import { MEMORY_KEY } from '@eh/contracts';

export const memoryKey = { key: { type: 'string', pattern: MEMORY_KEY.source } };
/** Both routes answer 201 with Location when they create the entry, 200 when they replace it. */
export const upsert = { 200: [], 201: ['Location'] };
