import { DomainError, MEMORY_KEY } from '@eh/contracts';

/** A key that breaks the rule names no entry: 400 when writing, 404 when reading (as malformed ids are). */
export function checkMemoryKey(key: string, writing: boolean): void {
  if (MEMORY_KEY.test(key)) return;
  if (writing) throw new DomainError('invalid_request', 'key must be 1 to 100 characters of a-z, 0-9, ".", "_" or "-", starting with a letter or digit', 'key');
  throw new DomainError('not_found', `no memory entry ${key.slice(0, 100)} in this workspace`, 'key');
}
