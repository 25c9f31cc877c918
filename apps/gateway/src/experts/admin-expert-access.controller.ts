import { Delete, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { findExpert, type ExpertInvitation } from '@eh/routing';
import type { FastifyRequest } from 'fastify';
import { SQL } from '../http/tokens';
import { ValidBody } from '../http/validated-body.pipe';
import { InviteExpertDto } from '../identity/console-auth.dto';
import { ConsoleAuthService } from '../identity/console-auth.service';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { inviteOperation } from './admin-expert-access.openapi';
import { AdminController } from '../http/guards/audience-controllers';

/** Operations and the console: invite an expert (a one-time link), revoke their sessions. */
@AdminController('admin/v1/experts')
export class AdminExpertAccessController {
  constructor(
    @Inject(ConsoleAuthService) private readonly auth: ConsoleAuthService,
    @Inject(SQL) private readonly sql: SqlClient,
  ) {}

  private async activeExpert(id: string): Promise<void> {
    const expert = isId('expert', id) ? await findExpert(this.sql, id) : null;
    if (!expert) throw new DomainError('not_found', `no expert ${id}`, 'id');
    if (expert.retired) throw new DomainError('invalid_state_transition', `expert ${id} is retired`, 'id');
  }

  /** 201 with the link, shown this once (only the token's hash is kept). */
  @AdminOperation(inviteOperation)
  @Post(':id/invitations')
  @HttpCode(201)
  async invite(@Param('id') id: string, @ValidBody(InviteExpertDto) body: InviteExpertDto, @Req() request: FastifyRequest): Promise<ExpertInvitation> {
    await this.activeExpert(id);
    return this.auth.invite(id, body.email, String(request.id));
  }

  /** Ends every console session of the expert, on every replica at its next request; 204 also when there was none. */
  @Delete(':id/sessions')
  @HttpCode(204)
  async revokeSessions(@Param('id') id: string): Promise<void> {
    const expert = isId('expert', id) ? await findExpert(this.sql, id) : null;
    if (!expert) throw new DomainError('not_found', `no expert ${id}`, 'id');
    await this.auth.revokeAll(id);
  }
}
