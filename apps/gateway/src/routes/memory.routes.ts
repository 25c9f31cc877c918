/** Brand memory (libs/memory): `/v1/memory` and saving a completed output. Behind ApiKeyGuard like every `/v1` route. */
import { DeleteMemoryEntryController } from '../memory/delete-memory-entry/delete-memory-entry.controller';
import { GetMemoryEntryController } from '../memory/get-memory-entry/get-memory-entry.controller';
import { ListMemoryController } from '../memory/list-memory/list-memory.controller';
import { PutMemoryEntryController } from '../memory/put-memory-entry/put-memory-entry.controller';
import { SaveOutputController } from '../memory/save-output/save-output.controller';

export const MEMORY_CONTROLLERS = [ListMemoryController, GetMemoryEntryController, PutMemoryEntryController, DeleteMemoryEntryController, SaveOutputController];
