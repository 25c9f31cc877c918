import { Body, Inject, Param, Put, Req, Res } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { putMemoryEntry, type MemoryEntryResource } from '@eh/memory';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { partnerRequestScope } from '../http/partner-request';
import { EVENT_STORE } from '../http/tokens';
import { ValidatedBody } from '../http/validated-body.pipe';
import { Resource } from '../http/versioning/resource.decorator';
import { checkMemoryKey } from './memory-key';
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
    @Auth() auth: AuthenticatedKey,
    @Param('key') key: string,
    @Body(new ValidatedBody(PutMemoryEntryDto)) body: PutMemoryEntryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemoryEntryResource> {
    checkMemoryKey(key, true);
    const result = await putMemoryEntry(this.store, partnerRequestScope(auth, request), { key, kind: body.kind, body: body.body, source: null });
    void reply.status(result.created ? 201 : 200);
    if (result.created) void reply.header('Location', `/v1/memory/${key}`);
    return result.entry;
  }
}
