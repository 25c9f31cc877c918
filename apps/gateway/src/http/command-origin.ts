import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '@eh/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf } from './service-mode';

/** What a command records about where it came from: who made it, when, and the request that carried it (its correlation id). */
export interface CommandOrigin {
  actor: Actor;
  now: Date;
  correlationId: string;
}

/** The origin of a command carried by `request`, on a route whose guard sets the actor. */
export const commandOriginOf = (request: FastifyRequest): CommandOrigin => ({ actor: actorOf(request), now: new Date(), correlationId: String(request.id) });

/** The handler’s parameter for its command’s origin (see `commandOriginOf`). */
export const CommandFrom = createParamDecorator(
  (_: unknown, context: ExecutionContext): CommandOrigin => commandOriginOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
