import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import type { EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { createWorkspace, findWorkspace, parseKeyMode, revokeApiKey, rotateApiKey, type CreatedWorkspace, type IssuedKey, type WorkspaceSummary } from '@eh/workspaces';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { EVENT_STORE, SQL } from '../../http/tokens';
import { ValidatedBody } from '../../http/validated-body.pipe';
import { AdminGuard } from '../admin.guard';

export class CreateWorkspaceDto {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name!: string;
}

/** Operations' API for workspaces and their keys (docs/decisions.md "REST conventions"). */
@Controller('admin/v1/workspaces')
@UseGuards(AdminGuard)
export class AdminWorkspacesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL) private readonly sql: SqlClient,
  ) {}

  @Post()
  @HttpCode(201)
  create(@Body(new ValidatedBody(CreateWorkspaceDto)) body: CreateWorkspaceDto): Promise<CreatedWorkspace> {
    return createWorkspace(this.store, body.name, new Date());
  }

  @Get(':id')
  async show(@Param('id') id: string): Promise<WorkspaceSummary> {
    const workspace = await findWorkspace(this.sql, id);
    if (!workspace) throw new DomainError('not_found', `no workspace ${id}`, 'id');
    return workspace;
  }

  /** Revokes the mode's active key and returns the new one (shown once). */
  @Post(':id/keys/:mode/rotate')
  @HttpCode(200)
  async rotate(@Param('id') id: string, @Param('mode') mode: string, @Req() request: FastifyRequest): Promise<IssuedKey> {
    await this.show(id);
    return rotateApiKey(this.store, id, parseKeyMode(mode), new Date(), String(request.id));
  }

  @Post(':id/keys/:keyId/revoke')
  @HttpCode(200)
  async revoke(@Param('id') id: string, @Param('keyId') keyId: string, @Req() request: FastifyRequest): Promise<WorkspaceSummary> {
    await this.show(id);
    await revokeApiKey(this.store, id, keyId, new Date(), String(request.id));
    return this.show(id);
  }
}
