import { Inject, Param, Post, Res } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { saveDeploymentOutput, type MemoryEntryResource } from '@eh/memory';
import type { FastifyReply } from 'fastify';
import { checkPartnerDeploymentId, CommandScope, type PartnerCommandScope } from '../http/partner-request';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { EVENT_STORE } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { SaveOutputDto } from './save-output.dto';
import { savedEntry } from './saved-entry.reply';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { saveDeploymentOutputOperation } from './save-output.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

@PartnerController('v1/deployments')
export class SaveOutputController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * Saves a completed deployment's output as a `prior_output` memory entry, under `key` or
   * `prior-output.<dep_id>`: 201 with Location when the key was free, 200 when it replaced one.
   */
  @PublicOperation(saveDeploymentOutputOperation)
  @Post(':id/save-output')
  @Resource('memory_entry')
  async save(
    @CommandScope() scope: PartnerCommandScope,
    @Param('id') id: string,
    @OptionalBody(SaveOutputDto) body: SaveOutputDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemoryEntryResource> {
    checkPartnerDeploymentId(id);
    return savedEntry(reply, await saveDeploymentOutput(this.store, scope, id, body.key ?? null));
  }
}
