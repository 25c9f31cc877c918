import { MEMORY_KINDS, type MemoryKind } from '@eh/contracts';
import { IsIn, IsString, MinLength } from 'class-validator';

/** PUT /v1/memory/:key replaces the whole entry, so both fields are required. */
export class PutMemoryEntryDto {
  @IsIn(MEMORY_KINDS, { message: `kind must be one of: ${MEMORY_KINDS.join(', ')}` })
  kind!: MemoryKind;

  // The 100 KB limit is on UTF-8 bytes, checked by the decider (400 naming `body`).
  @IsString()
  @MinLength(1, { message: 'body must not be empty' })
  body!: string;
}
