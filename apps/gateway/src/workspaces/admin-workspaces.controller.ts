import { Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { DomainError, isId, OPERATIONS_ACTOR } from '@eh/contracts';
import { inviteMember } from '@eh/identity';
import { findAccountBalances } from '@eh/ledger';
import {
  createWorkspace,
  findWorkspace,
  parseKeyMode,
  revokeApiKey,
  rotateApiKey,
  type CreatedWorkspace,
  type IssuedKey,
  type WorkspaceSummary,
} from '@eh/workspaces';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { WorkspacePeople } from './workspace-people.service';
import type { FastifyRequest } from 'fastify';
import { decodePositionCursor, encodePositionCursor, invalidQuery, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { ValidBody } from '../http/validated-body.pipe';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { createOperation, listOperation, revokeOperation, rotateOperation, showOperation } from './admin-workspaces.openapi';
import { AdminController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

export class CreateWorkspaceDto {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name!: string;

  /** The first owner, invited at once (the link is in the answer, shown once). */
  @IsOptional()
  @IsString()
  @MaxLength(254)
  @JSONSchema({ format: 'email' })
  owner_email?: string;
}

/** The workspace and, when an owner was named, their one-time invitation link. */
export type CreatedWorkspaceWithOwner = CreatedWorkspace & { owner_invitation: { email: string; url: string; expires_at: string } | null };

/** One row of operations' accounts list: the workspace, its balance and its plan (null before its account opens). */
export interface WorkspaceListItem {
  id: string;
  name: string;
  created_at: string;
  credits_remaining: number | null;
  plan: string | null;
}

/** Fewer characters than a trigram cannot use the name index, and would match nearly every name. */
const NAME_SEARCH_MIN_CHARACTERS = 3;

/** `q`: a workspace id as is, or at least 3 characters of a name; blank means no search. */
function parseNameSearch(raw: string | undefined): string | null {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  if (!isId('workspace', text) && [...text].length < NAME_SEARCH_MIN_CHARACTERS) {
    throw invalidQuery('q', `q must be a workspace id or at least ${NAME_SEARCH_MIN_CHARACTERS} characters of its name; got "${text}"`);
  }
  return text;
}

/** Operations' API for workspaces and their keys (docs/decisions.md "REST conventions"). */
@AdminController('admin/v1/workspaces')
export class AdminWorkspacesController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @AdminOperation(createOperation)
  @Post()
  @HttpCode(201)
  async create(@ValidBody(CreateWorkspaceDto) body: CreateWorkspaceDto, @Req() request: FastifyRequest): Promise<CreatedWorkspaceWithOwner> {
    const now = new Date();
    const created = await createWorkspace(this.people.store, body.name, now);
    if (body.owner_email === undefined) return { ...created, owner_invitation: null };
    const invitation = await inviteMember(this.people.deps, {
      workspaceId: created.id,
      email: body.owner_email,
      role: 'owner',
      actor: request.actor ?? OPERATIONS_ACTOR,
      ...this.people.invitationLinks,
      now,
      correlationId: String(request.id),
    });
    return { ...created, owner_invitation: { email: invitation.email, url: invitation.url, expires_at: invitation.expires_at } };
  }

  /** Operations' pages list workspaces, newest first, optionally found by id or part of the name (`q`), with each account's balance and plan. */
  @AdminOperation(listOperation)
  @Get()
  async list(@Req() request: FastifyRequest): Promise<{ object: 'list'; data: WorkspaceListItem[]; next: string | null; has_more: boolean }> {
    const query = request.query as Record<string, unknown>;
    refuseUnknownParameters(query, ['limit', 'cursor', 'q']);
    const limit = parseLimit(singleParameter(query, 'limit'));
    const cursor = singleParameter(query, 'cursor');
    const search = parseNameSearch(singleParameter(query, 'q'));
    const after = cursor === undefined ? null : decodePositionCursor(cursor, (value) => /^ws_[0-9A-Z]{26}$/.test(value));
    const params: unknown[] = [after, limit + 1];
    // Added only when searching, so the plain list keeps its primary-key walk and a search its trigram index.
    let matching = '';
    if (search !== null && isId('workspace', search)) {
      params.push(search);
      matching = 'AND id = $3';
    } else if (search !== null) {
      params.push(`%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
      matching = 'AND name ILIKE $3';
    }
    const { rows } = await this.people.sql.query<{ id: string; name: string; created_at: Date }>(
      `SELECT id, name, created_at FROM workspaces_view WHERE ($1::text IS NULL OR id < $1) ${matching} ORDER BY id DESC LIMIT $2`,
      params,
    );
    const page = rows.slice(0, limit);
    const balances = await findAccountBalances(
      this.people.sql,
      page.map((row) => row.id),
    );
    const data = page.map((row) => ({
      id: row.id,
      name: row.name,
      created_at: row.created_at.toISOString(),
      credits_remaining: balances.get(row.id)?.credits_remaining ?? null,
      plan: balances.get(row.id)?.plan ?? null,
    }));
    const next = rows.length > limit ? encodePositionCursor(data[data.length - 1].id) : null;
    return { object: 'list', data, next, has_more: next !== null };
  }

  @AdminOperation(showOperation)
  @Get(':id')
  async show(@Param('id') id: string): Promise<WorkspaceSummary> {
    const workspace = await findWorkspace(this.people.sql, id);
    if (!workspace) throw new DomainError('not_found', `no workspace ${id}`, 'id');
    return workspace;
  }

  /** Revokes the mode's active key and returns the new one (shown once). */
  @ActionRoute(AdminOperation(rotateOperation), ':id/keys/:mode/rotate')
  async rotate(@Param('id') id: string, @Param('mode') mode: string, @Req() request: FastifyRequest): Promise<IssuedKey> {
    await this.show(id);
    return this.people.changeKeys(() => rotateApiKey(this.people.store, id, parseKeyMode(mode), new Date(), String(request.id)));
  }

  @ActionRoute(AdminOperation(revokeOperation), ':id/keys/:keyId/revoke')
  async revoke(@Param('id') id: string, @Param('keyId') keyId: string, @Req() request: FastifyRequest): Promise<WorkspaceSummary> {
    await this.show(id);
    await this.people.changeKeys(() => revokeApiKey(this.people.store, id, keyId, new Date(), String(request.id)));
    return this.show(id);
  }
}
