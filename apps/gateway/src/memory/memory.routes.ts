/** Brand memory (libs/memory): `/v1/memory` and saving a completed output. Behind ApiKeyGuard like every `/v1` route. */
import { DeleteMemoryEntryController } from './delete-memory-entry.controller';
import { GetMemoryEntryController } from './get-memory-entry.controller';
import { ListMemoryController } from './list-memory.controller';
import { PutMemoryEntryController } from './put-memory-entry.controller';
import { SaveOutputController } from './save-output.controller';

export const MEMORY_CONTROLLERS = [ListMemoryController, GetMemoryEntryController, PutMemoryEntryController, DeleteMemoryEntryController, SaveOutputController];
