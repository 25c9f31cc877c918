import { Inject, Param, Put, Res } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { putMemoryEntry, type MemoryEntryResource } from '@eh/memory';
import type { FastifyReply } from 'fastify';
import { CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { ValidBody } from '../http/validated-body.pipe';
import { Resource } from '../http/versioning/resource.decorator';
import { checkMemoryKey } from './memory-key';
import { savedEntry } from './saved-entry.reply';
import { PutMemoryEntryDto } from './put-memory-entry.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { putMemoryEntryOperation } from './put-memory-entry.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/memory')
export class PutMemoryEntryController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Creates (201, with Location) or replaces (200) the entry; an identical PUT changes nothing. */
  @PublicOperation(putMemoryEntryOperation)
  @Put(':key')
  @Resource('memory_entry')
  async put(
    @CommandScope() scope: PartnerCommandScope,
    @Param('key') key: string,
    @ValidBody(PutMemoryEntryDto) body: PutMemoryEntryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemoryEntryResource> {
    checkMemoryKey(key, true);
    return savedEntry(reply, await putMemoryEntry(this.store, scope, { key, kind: body.kind, body: body.body, source: null }));
  }
}
