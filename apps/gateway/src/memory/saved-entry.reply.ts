import type { MemoryEntryResource, PutMemoryResult } from '@eh/memory';
import type { FastifyReply } from 'fastify';

/** A saved memory entry's answer: 201 with its Location when the key was free, 200 when it replaced an entry. */
export function savedEntry(reply: FastifyReply, result: PutMemoryResult): MemoryEntryResource {
  void reply.status(result.created ? 201 : 200);
  if (result.created) void reply.header('Location', `/v1/memory/${result.entry.key}`);
  return result.entry;
}
