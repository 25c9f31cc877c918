import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@eh/contracts';

/** Whether the gateway's database has its schema: false until the migrations ran (PostgreSQL may be down at start). */
export interface DatabaseReadiness {
  readonly ready: boolean;
}

export const DATABASE_READINESS = Symbol('DatabaseReadiness');

/** Routes that need no database: liveness and readiness themselves, the error pages and the OpenAPI document. */
const WITHOUT_DATABASE = [/^\/health\//, /^\/docs\//, /^\/v1\/openapi\.json$/];

/**
 * A gateway started while PostgreSQL is down listens at once (liveness answers, readiness says
 * not ready) and answers every other request 503 `service_unavailable` with Retry-After until
 * its migrations ran, instead of exiting. Global, so it runs before the key guards.
 */
@Injectable()
export class DatabaseReadyGuard implements CanActivate {
  constructor(@Inject(DATABASE_READINESS) private readonly database: DatabaseReadiness) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.database.ready) return true;
    const path = context.switchToHttp().getRequest<FastifyRequest>().url.split('?')[0] ?? '';
    if (WITHOUT_DATABASE.some((pattern) => pattern.test(path))) return true;
    throw new DomainError('service_unavailable', 'the service is starting and its database is not reachable yet; retry shortly');
  }
}
