import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { inviteOperator } from '@eh/identity';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { FastifyRequest } from 'fastify';
import { AdminGuard } from '../admin/admin.guard';
import { ValidatedBody } from '../http/validated-body.pipe';
import { WorkspacePeople } from '../members/workspace-people.service';

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

/**
 * Issue 13: operations invite their own people to the console (a one-time link); signed in, an
 * operator uses this admin API with the session cookie. Inviting one again is their password reset.
 */
@Controller('admin/v1/operators')
@UseGuards(AdminGuard)
export class AdminOperatorsController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @Post('invitations')
  @HttpCode(201)
  invite(@Body(new ValidatedBody(InviteOperatorDto)) body: InviteOperatorDto, @Req() request: FastifyRequest) {
    const { publicBaseUrl, console } = this.people.config;
    return inviteOperator(this.people.deps, { email: body.email, name: body.name, ttlSeconds: console.invitationTtlSeconds, publicBaseUrl, now: new Date(), correlationId: String(request.id) });
  }
}
