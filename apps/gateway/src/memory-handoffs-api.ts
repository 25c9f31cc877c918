/**
 * The gateway's routes of issue 8, in one list so the module wires them in one line: brand
 * memory (`/v1/memory`, saving an output) and handoffs (`/v1/handoffs`). Every one is behind
 * ApiKeyGuard, so rate limits, Idempotency-Key (on POST) and versioning apply as everywhere.
 */
import { GetHandoffController } from './handoffs/get-handoff/get-handoff.controller';
import { OpenHandoffController } from './handoffs/open-handoff/open-handoff.controller';
import { DeleteMemoryEntryController } from './memory/delete-memory-entry/delete-memory-entry.controller';
import { GetMemoryEntryController } from './memory/get-memory-entry/get-memory-entry.controller';
import { ListMemoryController } from './memory/list-memory/list-memory.controller';
import { PutMemoryEntryController } from './memory/put-memory-entry/put-memory-entry.controller';
import { SaveOutputController } from './memory/save-output/save-output.controller';

export const MEMORY_HANDOFFS_API_CONTROLLERS = [
  ListMemoryController,
  GetMemoryEntryController,
  PutMemoryEntryController,
  DeleteMemoryEntryController,
  SaveOutputController,
  OpenHandoffController,
  GetHandoffController,
];
