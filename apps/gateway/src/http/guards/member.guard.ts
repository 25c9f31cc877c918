import { Inject, Injectable, SetMetadata, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@eh/contracts';
import type { MemberAccount } from '@eh/identity';
import type { FastifyRequest } from 'fastify';
import { ConsoleSessions } from '../../identity/console-sessions';
import { namedMode } from '../service-mode';

declare module 'fastify' {
  interface FastifyRequest {
    /** The workspace member signed in (routes behind MemberGuard). */
    member?: MemberAccount;
  }
}

const OWNER_ONLY = 'eh:owner-only';

/** Only owners manage the team, read the audit log and ask for a higher limit (docs/dashboard-contract.md §7). */
export const OwnerOnly = (): MethodDecorator & ClassDecorator => SetMetadata(OWNER_ONLY, true);

/**
 * The dashboard's own routes under /console/api/v1: a workspace member's session cookie
 * only (CSRF on changes). Another kind of person is 401; a developer on an owner's route is 403
 * `permission_denied`, so the console can say why rather than pretend the page does not exist.
 */
@Injectable()
export class MemberGuard implements CanActivate {
  constructor(
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.sessions.authenticateAny(request);
    if (!auth) throw new DomainError('authentication_failed', 'not signed in to the console: no session cookie');
    if (auth.person.kind !== 'member') throw new DomainError('authentication_failed', 'this console session is not a workspace member’s');
    const { member } = auth.person;
    request.member = member;
    request.actor = { kind: 'member', id: member.member_id, label: member.email };
    // Rate limit and Idempotency-Key as on /v1: per member, in the mode named (where a route takes one).
    request.auth = { workspaceId: member.workspace_id, mode: namedMode(request) ?? 'live', keyId: `member:${member.member_id}`, label: member.email };
    const ownerOnly = this.reflector.getAllAndOverride<boolean | undefined>(OWNER_ONLY, [context.getHandler(), context.getClass()]);
    if (ownerOnly && member.role !== 'owner') throw new DomainError('permission_denied', 'only the workspace’s owners can do this; ask an owner');
    return true;
  }
}

export function memberOf(request: FastifyRequest): MemberAccount {
  if (!request.member) throw new Error('memberOf used on a route without MemberGuard');
  return request.member;
}

/** The signed-in member; only on routes behind MemberGuard. */
export const CurrentMember = createParamDecorator(
  (_: unknown, context: ExecutionContext): MemberAccount => memberOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
