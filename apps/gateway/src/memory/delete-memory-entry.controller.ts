import { Delete, Inject, Param } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { deleteMemoryEntry, type DeletedMemoryEntryResource } from '@eh/memory';
import { CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { checkMemoryKey } from './memory-key';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { deleteMemoryEntryOperation } from './delete-memory-entry.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/memory')
export class DeleteMemoryEntryController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** 200 `{object, key, deleted: true}` as Stripe answers a delete; a missing entry is 404. */
  @PublicOperation(deleteMemoryEntryOperation)
  @Delete(':key')
  @Resource('memory_entry')
  delete(@CommandScope() scope: PartnerCommandScope, @Param('key') key: string): Promise<DeletedMemoryEntryResource> {
    checkMemoryKey(key, false);
    return deleteMemoryEntry(this.store, scope, key);
  }
}
