import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { newId } from '@eh/contracts';
import type { ServiceConfig } from '@eh/platform';
import { connectNats } from '@eh/platform';
import { openDatabase } from '@eh/runtime';
import { idempotencyMigrations } from './http/idempotency/idempotency.migrations';
import { GatewayModule } from './gateway.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { registerJsonBodyParser } from './http/json-body.parser';
import { recordIdempotentOutcome } from './http/idempotency/idempotency-outcome.hook';
import { IdempotencyStore } from './http/idempotency/idempotency.store';
import { closeRedis, connectRedis } from './http/rate-limit/connect-redis';
import { RedisRateLimiter } from './http/rate-limit/redis-rate-limiter.adapter';
import { LedgerClient } from './ledger/ledger.client';
import { RouterClient } from './routing/router.client';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the gateway on its own connections; `close()` releases all of them. */
export async function createGatewayApp(config: ServiceConfig): Promise<NestFastifyApplication> {
  const database = await openDatabase(config, 20, idempotencyMigrations);
  const nats = await connectNats({ servers: config.natsUrl, name: 'gateway' });
  // Redis holds only rate-limit windows here; the gateway starts (and fails open) without it.
  const redis = await connectRedis(config.redisUrl, 'gateway');
  const idempotency = new IdempotencyStore(database.pool, { ttlSeconds: config.durations.idempotencyTtlSeconds });
  const rateLimiter = new RedisRateLimiter(redis, { prefix: config.redisPrefix, limit: config.rateLimitPerMinute, windowMs: 60_000 });
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newId('request'),
    requestIdHeader: false,
    logger: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot({
      config,
      sql: database.pool,
      store: database.store,
      router: new RouterClient(nats, config.subjectPrefix),
      ledger: new LedgerClient(nats, config.subjectPrefix, config.ledger),
      idempotency,
      rateLimiter,
    }),
    adapter,
    { logger: ['error', 'warn'], bodyParser: false },
  );
  app.useGlobalFilters(new ApiExceptionFilter(config.publicBaseUrl));
  const fastify = app.getHttpAdapter().getInstance();
  registerJsonBodyParser(fastify, BODY_LIMIT_BYTES);
  // Every response, errors included, names its request (SPEC.md "Errors": request_id).
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('Request-Id', String(request.id));
  });
  // Stores the answer of a request that won its Idempotency-Key, exactly as it is sent.
  fastify.addHook('onSend', recordIdempotentOutcome(idempotency));
  fastify.addHook('onClose', async () => {
    await nats.drain();
    await closeRedis(redis);
    await database.close();
  });
  app.enableShutdownHooks();
  return app;
}
