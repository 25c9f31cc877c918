import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceConfig } from '@eh/platform';
import { CONFIG } from '../http/tokens';
import { ValidBody } from '../http/validated-body.pipe';
import { AcceptInvitationDto, SignInDto } from './console-auth.dto';
import { ConsoleAuthService, type OpenedSession } from './console-auth.service';
import { ConsoleSessionGuard } from '../http/guards/console-session.guard';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { toPersonSessionResource, type SessionResource } from './session.resource';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import {
  acceptInvitationOperation,
  getInvitationOperation,
  getSessionOperation,
  signInOperation,
  signOutEverywhereOperation,
  signOutOperation,
} from './console-auth.openapi';

const authOf = (request: FastifyRequest) => {
  if (!request.personAuth) throw new Error('console route without ConsoleSessionGuard');
  return request.personAuth;
};

/**
 * The console's auth API (docs/console-contract.md "Auth"): accept an invitation, sign in, read
 * and end the session. Answers `Cache-Control: no-store`: sessions and CSRF tokens are never cached.
 */
@Controller('console/api/v1')
export class ConsoleAuthController {
  constructor(
    @Inject(ConsoleAuthService) private readonly auth: ConsoleAuthService,
    @Inject(CONFIG) private readonly config: ServiceConfig,
  ) {}

  private started(reply: FastifyReply, opened: OpenedSession): SessionResource {
    setSessionCookie(reply, opened.token, this.config.publicAddress.secureCookies, opened.session.times.absoluteExpiresAt);
    void reply.header('Cache-Control', 'no-store');
    return opened.resource;
  }

  @ExpertOperation(getInvitationOperation)
  @Get('invitations/:token')
  invitation(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('Cache-Control', 'no-store');
    return this.auth.invitation(token);
  }

  @ExpertOperation(acceptInvitationOperation)
  @Post('invitations/:token/accept')
  @HttpCode(201)
  async accept(
    @Param('token') token: string,
    @ValidBody(AcceptInvitationDto) body: AcceptInvitationDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.started(reply, await this.auth.accept(token, body.password, String(request.id), body.name));
  }

  @ExpertOperation(signInOperation)
  @Post('sessions')
  @HttpCode(201)
  async signIn(@ValidBody(SignInDto) body: SignInDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.started(reply, await this.auth.signIn(body.email, body.password, request.ip, String(request.id)));
  }

  @ExpertOperation(getSessionOperation)
  @Get('session')
  @UseGuards(ConsoleSessionGuard)
  session(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): SessionResource {
    const { session, person } = authOf(request);
    void reply.header('Cache-Control', 'no-store');
    return toPersonSessionResource(session, person);
  }

  @ExpertOperation(signOutOperation)
  @Delete('session')
  @HttpCode(204)
  @UseGuards(ConsoleSessionGuard)
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.signOut(authOf(request).session);
    clearSessionCookie(reply, this.config.publicAddress.secureCookies);
  }

  @ExpertOperation(signOutEverywhereOperation)
  @Post('sessions/revoke-all')
  @HttpCode(204)
  @UseGuards(ConsoleSessionGuard)
  async revokeAll(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.revokeAllOf(authOf(request).session.principal);
    clearSessionCookie(reply, this.config.publicAddress.secureCookies);
  }
}
