import { Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import { findApiKey, issueNamedApiKey, listApiKeys, revokeApiKeyOfMode, type ApiKeyResource } from '@eh/workspaces';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { NoQueryParameters } from '../http/list-query.rules';
import { actorOf, requiredMode } from '../http/service-mode';
import { ValidBody } from '../http/validated-body.pipe';
import { memberOf } from '../http/guards/member.guard';
import { WorkspacePeople } from '../workspaces/workspace-people.service';
import { EmptyBodyDto, EmptyBody } from '../webhooks/webhook-endpoints.dto';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { createApiKeyOperation, listApiKeysOperation, revokeApiKeyOperation } from './api-keys.openapi';
import { MemberController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

export class CreateApiKeyDto {
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name!: string;
}

const noKey = (id: string): DomainError => new DomainError('not_found', `no API key ${id} in this mode`, 'id');

/**
 * API keys from the dashboard, where keys are created and revoked: per mode (`Service-Mode`), a name, shown once, revoked, last used.
 * Session-only: a key cannot mint keys.
 */
@MemberController('console/api/v1/api_keys')
export class ApiKeysController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @ExpertOperation(listApiKeysOperation)
  @Get()
  async list(@Query(NoQueryParameters) _query: object, @Req() request: FastifyRequest): Promise<ListEnvelope<ApiKeyResource>> {
    return listEnvelope(await listApiKeys(this.people.sql, memberOf(request).workspace_id, requiredMode(request)), null);
  }

  @ExpertOperation(createApiKeyOperation)
  @Post()
  @HttpCode(201)
  async create(@ValidBody(CreateApiKeyDto) body: CreateApiKeyDto, @Req() request: FastifyRequest): Promise<ApiKeyResource & { key: string }> {
    const mode = requiredMode(request);
    const workspaceId = memberOf(request).workspace_id;
    const issued = await issueNamedApiKey(this.people.store, workspaceId, mode, body.name, actorOf(request), new Date(), String(request.id));
    const key = await findApiKey(this.people.sql, workspaceId, mode, issued.key_id);
    if (!key) throw noKey(issued.key_id);
    return { ...key, key: issued.key };
  }

  @ActionRoute(ExpertOperation(revokeApiKeyOperation), ':id/revoke')
  async revoke(@Param('id') id: string, @EmptyBody() _body: EmptyBodyDto, @Req() request: FastifyRequest): Promise<ApiKeyResource> {
    const mode = requiredMode(request);
    const workspaceId = memberOf(request).workspace_id;
    if (!isId('apiKey', id)) throw noKey(id);
    await this.people.changeKeys(() => revokeApiKeyOfMode(this.people.store, workspaceId, mode, id, actorOf(request), new Date(), String(request.id)));
    const key = await findApiKey(this.people.sql, workspaceId, mode, id);
    if (!key) throw noKey(id);
    return key;
  }
}
