import { Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import { endOperatorSessions, inviteOperator, listOperators, removeOperator, type OperatorListEntry } from '@eh/identity';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { FastifyRequest } from 'fastify';
import { ValidBody } from '../http/validated-body.pipe';
import { WorkspacePeople } from '../workspaces/workspace-people.service';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { endSessionsOperation, inviteOperation, listOperation, removeOperation } from './admin-operators.openapi';
import { AdminController } from '../http/guards/audience-controllers';

export class InviteOperatorDto {
  @IsString()
  @MaxLength(254)
  @JSONSchema({ format: 'email' })
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

/** The operator whose console session makes the request; null for the admin credential. */
const operatorOf = (request: FastifyRequest): string | null => (request.actor?.kind === 'operator' ? request.actor.id : null);

const operatorId = (id: string): string => {
  if (!isId('operator', id)) throw new DomainError('not_found', `no operator ${id}`, 'id');
  return id;
};

/**
 * Operations' own people: invited to the console with a one-time link; signed in, an
 * operator uses this admin API with the session cookie. Listed, offboarded (removed: password and
 * sessions end at once) and signed out everywhere here or with the ops CLI. Inviting one again is
 * their password reset: it takes the old password and sessions away, and only the admin credential
 * (or the CLI) makes it for another operator.
 */
@AdminController('admin/v1/operators')
export class AdminOperatorsController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @AdminOperation(listOperation)
  @Get()
  async list(): Promise<{ object: 'list'; data: OperatorListEntry[] }> {
    return { object: 'list', data: await listOperators(this.people.sql) };
  }

  @AdminOperation(inviteOperation)
  @Post('invitations')
  @HttpCode(201)
  invite(@ValidBody(InviteOperatorDto) body: InviteOperatorDto, @Req() request: FastifyRequest) {
    return inviteOperator(this.people.deps, {
      email: body.email,
      name: body.name,
      invitedBy: operatorOf(request),
      ...this.people.invitationLinks,
      now: new Date(),
      correlationId: String(request.id),
    });
  }

  /** Offboards the operator: 200 with how many sessions ended; again changes nothing. */
  @AdminOperation(removeOperation)
  @Delete(':id')
  @HttpCode(200)
  remove(@Param('id') id: string, @Req() request: FastifyRequest) {
    return removeOperator(this.people.deps, { operatorId: operatorId(id), now: new Date(), correlationId: String(request.id) });
  }

  /** Ends every console session of the operator at once; the password keeps working. */
  @AdminOperation(endSessionsOperation)
  @Delete(':id/sessions')
  @HttpCode(200)
  endSessions(@Param('id') id: string) {
    return endOperatorSessions(this.people.deps, { operatorId: operatorId(id), now: new Date() });
  }
}
