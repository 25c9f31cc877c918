import { Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import {
  changeMemberRole,
  findMember,
  inviteMember,
  listMembers,
  listOpenMemberInvitations,
  removeMember,
  revokeMemberInvitation,
  type MemberAccount,
  type MemberInvitationResource,
} from '@eh/identity';
import { ConsoleAuthService } from '../identity/console-auth.service';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { NoQueryParameters } from '../http/list-query.rules';
import { CommandFrom, type CommandOrigin } from '../http/command-origin';
import { ValidBody } from '../http/validated-body.pipe';
import { ChangeMemberRoleDto, InviteMemberDto } from './members.dto';
import { CurrentMember, OwnerOnly } from '../http/guards/member.guard';
import { WorkspacePeople } from './workspace-people.service';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import {
  changeMemberRoleOperation,
  inviteMemberOperation,
  listMemberInvitationsOperation,
  listMembersOperation,
  removeMemberOperation,
  revokeMemberInvitationOperation,
} from './members.openapi';
import { MemberController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

/** docs/dashboard-contract.md §7. */
export interface MemberResource {
  object: 'member';
  id: string;
  email: string;
  name: string;
  role: MemberAccount['role'];
  joined_at: string;
}

const toMember = (m: MemberAccount): MemberResource => ({
  object: 'member',
  id: m.member_id,
  email: m.email,
  name: m.name,
  role: m.role,
  joined_at: m.joined_at,
});

/**
 * The team: owners see and manage it; developers get 403 `permission_denied`. Changes
 * are events on `members-<ws_id>` (libs/identity); removal also ends the member's sessions.
 */
@MemberController('console/api/v1/members')
@OwnerOnly()
export class MembersController {
  constructor(
    @Inject(WorkspacePeople) private readonly people: WorkspacePeople,
    @Inject(ConsoleAuthService) private readonly auth: ConsoleAuthService,
  ) {}

  @ExpertOperation(listMembersOperation)
  @Get()
  async list(@Query(NoQueryParameters) _query: object, @CurrentMember() member: MemberAccount): Promise<ListEnvelope<MemberResource>> {
    return listEnvelope((await listMembers(this.people.sql, member.workspace_id)).map(toMember), null);
  }

  @ExpertOperation(inviteMemberOperation)
  @Post('invitations')
  @HttpCode(201)
  invite(
    @ValidBody(InviteMemberDto) body: InviteMemberDto,
    @CurrentMember() member: MemberAccount,
    @CommandFrom() from: CommandOrigin,
  ): Promise<MemberInvitationResource & { url: string }> {
    return inviteMember(this.people.deps, { workspaceId: member.workspace_id, email: body.email, role: body.role, ...this.people.invitationLinks, ...from });
  }

  @ExpertOperation(listMemberInvitationsOperation)
  @Get('invitations')
  async invitations(@Query(NoQueryParameters) _query: object, @CurrentMember() member: MemberAccount): Promise<ListEnvelope<MemberInvitationResource>> {
    const open = await listOpenMemberInvitations(this.people.sql, member.workspace_id, new Date());
    return listEnvelope(
      open.map((i) => ({ object: 'member_invitation', id: i.invitation_id, email: i.email, role: i.role, expires_at: i.expires_at, created_at: i.invited_at })),
      null,
    );
  }

  @ExpertOperation(revokeMemberInvitationOperation)
  @Delete('invitations/:id')
  async revokeInvitation(
    @Param('id') id: string,
    @CurrentMember() member: MemberAccount,
    @CommandFrom() from: CommandOrigin,
  ): Promise<{ object: 'member_invitation'; id: string; deleted: true }> {
    await revokeMemberInvitation(this.people.deps, { workspaceId: member.workspace_id, invitationId: id, ...from });
    return { object: 'member_invitation', id, deleted: true };
  }

  @ActionRoute(ExpertOperation(changeMemberRoleOperation), ':id')
  async changeRole(
    @Param('id') id: string,
    @ValidBody(ChangeMemberRoleDto) body: ChangeMemberRoleDto,
    @CurrentMember() member: MemberAccount,
    @CommandFrom() from: CommandOrigin,
  ): Promise<MemberResource> {
    await changeMemberRole(this.people.deps, { workspaceId: member.workspace_id, memberId: id, role: body.role, ...from });
    const changed = await findMember(this.people.sql, id);
    if (!changed || changed.workspace_id !== member.workspace_id) throw new DomainError('not_found', `no member ${id} in this workspace`, 'id');
    return toMember(changed);
  }

  @ExpertOperation(removeMemberOperation)
  @Delete(':id')
  async remove(
    @Param('id') id: string,
    @CurrentMember() member: MemberAccount,
    @CommandFrom() from: CommandOrigin,
  ): Promise<{ object: 'member'; id: string; deleted: true }> {
    await removeMember(this.people.deps, { workspaceId: member.workspace_id, memberId: id, ...from });
    await this.auth.revokeAllOf({ kind: 'member', id });
    return { object: 'member', id, deleted: true };
  }
}
