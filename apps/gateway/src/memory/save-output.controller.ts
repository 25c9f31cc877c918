import { Body, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { saveDeploymentOutput, type MemoryEntryResource } from '@eh/memory';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { checkPartnerDeploymentId, partnerRequestScope } from '../http/partner-request';
import { OptionalValidatedBody } from '../http/optional-validated-body.pipe';
import { EVENT_STORE } from '../http/tokens';
import { Resource } from '../http/versioning/resource.decorator';
import { SaveOutputDto } from './save-output.dto';
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
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @Body(new OptionalValidatedBody(SaveOutputDto)) body: SaveOutputDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemoryEntryResource> {
    checkPartnerDeploymentId(id);
    const result = await saveDeploymentOutput(this.store, partnerRequestScope(auth, request), id, body.key ?? null);
    void reply.status(result.created ? 201 : 200);
    if (result.created) void reply.header('Location', `/v1/memory/${result.entry.key}`);
    return result.entry;
  }
}
