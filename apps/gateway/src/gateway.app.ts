import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceConfig } from '@eh/platform';
import { newId, rpcSubject } from '@eh/contracts';
import { assertServedOverTls, closeRedis, connectNats, connectRedis, PinoNestLogger, PrefixedNatsClient, rootLogger } from '@eh/platform';
import { startDatabase } from '@eh/runtime';
import { idempotencyMigrations } from './http/idempotency/idempotency.migrations';
import { GATEWAY_CONTEXT_MODULES, GatewayModule } from './gateway.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { AuthFailureThrottle } from './http/auth-throttle/auth-failure-throttle';
import { registerUnsafeInputCheck } from './http/input-safety/refuse-unsafe-input.hook';
import { clientErrorHandler, frameworkErrorHandler } from './http/reply-safety/framework-errors';
import { registerReplySafety } from './http/reply-safety/reply-safety.hook';
import { registerRequestSignals } from './http/observability/request-signals.hook';
import { HTTP_SERVER_OPTIONS, registerHostHeaderCheck } from './http/host-header.hook';
import { registerJsonBodyParser } from './http/json-body.parser';
import { registerCloseAfterReply } from './http/cost-bounds/close-after-reply';
import { boundConnections, fastifyTimeouts, nodeServerOptions } from './http/cost-bounds/connection-bounds';
import { registerUnauthenticatedBodyCheck } from './http/cost-bounds/unauthenticated-body.hook';
import { installInterceptorContextBinding } from './http/interceptor-context';
import { recordIdempotentOutcome } from './http/idempotency/idempotency-outcome.hook';
import { IdempotencyStore } from './http/idempotency/idempotency.store';
import { RedisRateLimiter } from './http/rate-limit/redis-rate-limiter.adapter';
import { RefusalPacing } from './http/rate-limit/refusal-pacing';
import { StreamSlots } from './events/stream-slots';
import { LedgerClient } from '@eh/ledger';
import { RouterClient } from '@eh/routing';
import { KeyUsageRecorder } from '@eh/workspaces';
import { signalExpertConnected } from './experts/expert-connected.signal';
import { CONSOLE_MIGRATIONS, createConsoleDependencies, createDashboardDependencies, registerConsoleHttp } from './gateway.connections';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the gateway on its own connections; `close()` releases all of them. */
export async function createGatewayApp(config: ServiceConfig): Promise<NestFastifyApplication> {
  // In production the session cookie never travels in the clear: https, or TLS ended by a declared proxy.
  assertServedOverTls(config.publicAddress);
  if (!installInterceptorContextBinding())
    rootLogger().warn('gateway: Nest interceptors are not the version interceptor-context.ts reproduces; kept as Nest has them');
  // Not awaited: started while PostgreSQL is down, the gateway listens, reports not ready and
  // answers 503 until the migrations ran. A broken migration still ends the process.
  const database = startDatabase(config, 20, {
    modules: GATEWAY_CONTEXT_MODULES,
    ownMigrations: [...idempotencyMigrations, ...CONSOLE_MIGRATIONS],
    applicationName: 'gateway',
    log: (line) => rootLogger().info(`gateway: ${line}`),
  });
  database.whenReady.catch((error: unknown) => {
    console.error('gateway: database migrations failed', error);
    process.exit(1);
  });
  const nats = await connectNats({ servers: config.natsUrl, name: 'gateway' });
  // Request/reply to the router and the ledger (Transport.NATS, every pattern under SUBJECT_PREFIX).
  const rpc = new PrefixedNatsClient({ servers: config.natsUrl, name: 'gateway-rpc' }, (pattern) => rpcSubject(config.subjectPrefix, pattern));
  // Redis holds only rate-limit windows here; the gateway starts (and fails open) without it.
  const redis = await connectRedis(config.redisUrl, 'gateway', (line) => new Logger('Redis').warn(line));
  const idempotency = new IdempotencyStore(database.pool, { ttlSeconds: config.durations.idempotencyTtlSeconds });
  const rateLimiter = new RedisRateLimiter(redis, {
    prefix: config.redisPrefix,
    limit: config.rateLimitPerMinute,
    windowMs: 60_000,
    leaseMs: config.rateLimitLeaseMs,
  });
  // The same windows for all of a workspace's keys of one mode together: a tenant is bounded, not only each key.
  const workspaceRateLimiter =
    config.rateLimitPerWorkspacePerMinute > 0
      ? new RedisRateLimiter(redis, {
          prefix: config.redisPrefix,
          limit: config.rateLimitPerWorkspacePerMinute,
          windowMs: 60_000,
          leaseMs: config.rateLimitLeaseMs,
        })
      : null;
  // Open event streams per key, workspace and expert, on every replica; a stream's lease is three keep-alives.
  const keepaliveSeconds = config.console.sseKeepaliveSeconds;
  const streamSlots = new StreamSlots(redis, { prefix: config.redisPrefix, leaseMs: 3 * keepaliveSeconds * 1000, retryAfterSeconds: keepaliveSeconds });
  // Test events per webhook endpoint: its own windows, keyed by the endpoint.
  const endpointTestLimiter = new RedisRateLimiter(redis, {
    prefix: `${config.redisPrefix}:endpoint-tests`,
    limit: config.costBounds.webhookEndpointTestsPerMinute,
    windowMs: 60_000,
  });
  const authThrottle = new AuthFailureThrottle(redis, {
    prefix: config.redisPrefix,
    limit: config.authFailuresPerMinute,
    windowMs: 60_000,
    cleanForMs: config.authCacheMs,
  });
  // The expert console's live updates (one NATS subscription), sign-in throttle, blob store.
  const consoleDeps = createConsoleDependencies(config, { nats, store: database.store, pool: database.pool, redis }, signalExpertConnected(rpc));
  // Partners' live event streams (NATS subscriptions on deployment, handoff and account events).
  const dashboardDeps = createDashboardDependencies(config, { nats, store: database.store });
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newId('request'),
    requestIdHeader: false,
    logger: false,
    // Errors Fastify answers before any route (431, malformed HTTP, bad percent-encoding), in the API's error shape.
    clientErrorHandler: clientErrorHandler(config.publicBaseUrl),
    frameworkErrors: frameworkErrorHandler(config.publicBaseUrl),
    // A request without Host is refused by registerHostHeaderCheck, in the API's error shape, not by Node;
    // headers, whole requests and idle connections are bounded in time (cost-bounds/connection-bounds.ts).
    http: { ...HTTP_SERVER_OPTIONS, ...nodeServerOptions(config.httpServer) },
    ...fastifyTimeouts(config.httpServer),
  });
  // Connections in all and per client address; an address blocked for failed authentications is refused at the connection (cost-bounds/connection-bounds.ts).
  boundConnections(adapter.getInstance().server, config.httpServer, config.publicBaseUrl, (address) => authThrottle.blockedSeconds(address));
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot({
      config,
      sql: database.pool,
      database,
      store: database.store,
      router: new RouterClient(rpc),
      ledger: new LedgerClient(rpc, config.ledger),
      idempotency,
      rateLimiter,
      workspaceRateLimiter,
      streamSlots,
      endpointTestLimiter,
      authThrottle,
      console: consoleDeps,
      dashboard: dashboardDeps,
    }),
    adapter,
    // Nest's lines through the service's JSON logger.
    { logger: new PinoNestLogger(rootLogger()), bodyParser: false },
  );
  // A caller's rate-limit refusals are answered after a pause, so retrying at once gains nothing.
  const refusalPacing = new RefusalPacing({ holdMs: config.costBounds.refusalHoldMs, heldPerSubject: config.costBounds.heldRefusalsPerKey });
  app.useGlobalFilters(new ApiExceptionFilter(config.publicBaseUrl, refusalPacing));
  const fastify = app.getHttpAdapter().getInstance();
  // First: request id, workspace and deployment on every log line; the request's span; its latency.
  registerRequestSignals(fastify);
  registerJsonBodyParser(fastify, BODY_LIMIT_BYTES);
  registerHostHeaderCheck(fastify, config.publicBaseUrl);
  // NUL, lone surrogates and too deep JSON in a body, query or path: 400 before anything reads them.
  registerUnsafeInputCheck(fastify);
  // A refusal before the body was read closes the connection rather than read it (cost-bounds/).
  registerCloseAfterReply(fastify);
  // The expert console's cookies, the raw upload body (admitted before it is read), the static console and its security headers.
  await registerConsoleHttp(app, config, consoleDeps, { database });
  // After the cookies are parsed: a request with no credential at all reads no large body.
  registerUnauthenticatedBodyCheck(fastify, { throttle: authThrottle, maxBytes: config.httpServer.unauthenticatedBodyMaxBytes });
  // Every response, errors included, names its request, so a partner can quote its request_id.
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('Request-Id', String(request.id));
  });
  // Stores the answer of a request that won its Idempotency-Key, exactly as it is sent.
  fastify.addHook('onSend', recordIdempotentOutcome(idempotency));
  // Keep last among onSend hooks: turns an answer Fastify could not write into a 500, not a crash.
  registerReplySafety(fastify, config.publicBaseUrl);
  // Open partner event streams would hold the server open; end them first.
  fastify.addHook('preClose', async () => {
    refusalPacing.releaseAll();
    await dashboardDeps.events.stop();
  });
  fastify.addHook('onClose', async () => {
    // No request is in flight now: the last keys' use is written before the pool closes.
    await app.get(KeyUsageRecorder).flush();
    rateLimiter.close();
    workspaceRateLimiter?.close();
    await rpc.close();
    await nats.drain();
    await closeRedis(redis);
    await database.close();
  });
  app.enableShutdownHooks();
  return app;
}
