import { DomainError, MEMORY_KEY } from '@eh/contracts';
import type { MemoryScope } from '@eh/memory';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';

/** The caller's own memory: its workspace, in its key's mode (test and live are separate). */
export const memoryScopeOf = (auth: AuthenticatedKey, request: FastifyRequest): MemoryScope => ({
  workspaceId: auth.workspaceId,
  mode: auth.mode,
  requestId: String(request.id),
  now: new Date(),
});

/** A key that breaks the rule names no entry: 400 when writing, 404 when reading (as malformed ids are). */
export function checkMemoryKey(key: string, writing: boolean): void {
  if (MEMORY_KEY.test(key)) return;
  if (writing) throw new DomainError('invalid_request', 'key must be 1 to 100 characters of a-z, 0-9, ".", "_" or "-", starting with a letter or digit', 'key');
  throw new DomainError('not_found', `no memory entry ${key.slice(0, 100)} in this workspace`, 'key');
}
