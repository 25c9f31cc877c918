/**
 * What the gateway's routes need from its connections, built once in gateway.app.ts: the expert
 * console's live updates, sign-in throttle and blob store, the partners' live event
 * streams; and the Fastify-level parts of the console (cookies, uploads, the static
 * pages). The routes themselves are grouped by context in routes/.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AttachmentUrls, PostgresBlobStore, attachmentsMigrations, type BlobStore } from '@eh/attachments';
import type { EventStore } from '@eh/event-store';
import { identityMigrations } from '@eh/identity';
import type { Migration, ServiceConfig, SqlClient } from '@eh/platform';
import { ConsolePresence } from '@eh/routing';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { registerUploadAdmission } from './attachments/upload-admission.hook';
import { registerUploadBodyParser } from './attachments/upload-body.parser';
import { ExpertGuard } from './http/guards/expert.guard';
import type { DatabaseReadiness } from './http/health/database-readiness';
import { SQL } from './http/tokens';
import { SignInThrottle } from './identity/sign-in.throttle';
import { registerConsoleStatic } from './http/console-static/console-static';
import { ExpertEventHub } from './events/expert-event.hub';
import { PresenceBeacon } from './events/expert-presence-beacon';
import { WorkspaceEventHub } from './events/workspace-event.hub';

/** What the console's routes need from the gateway's connections. */
export interface ConsoleDependencies {
  events: ExpertEventHub;
  signInThrottle: SignInThrottle;
  blobs: BlobStore;
}

/** Tables only the gateway uses: sessions and passwords, uploads. */
export const CONSOLE_MIGRATIONS: readonly Migration[] = [...identityMigrations, ...attachmentsMigrations];

/** Builds the console's connections; the live-update subscription opens with the first stream. */
export function createConsoleDependencies(
  config: ServiceConfig,
  connections: { nats: NatsConnection; store: EventStore; pool: Pool; redis: Redis },
  /** An expert connected with no console open before (presence-beacon.ts): the router is told. */
  onExpertConnected?: (expertId: string) => void,
): ConsoleDependencies {
  if (config.attachments.urlSecretGenerated) {
    new Logger('Attachments').warn(
      'ATTACHMENT_URL_SECRET is not set: this process signs attachment URLs with a random key; they fail on other replicas and after a restart',
    );
  }
  const graceMs = config.console.presenceGraceSeconds * 1000;
  const presence = new PresenceBeacon(new ConsolePresence(connections.redis, { prefix: config.redisPrefix, graceMs }), graceMs, onExpertConnected);
  const events = new ExpertEventHub(connections.nats, config.subjectPrefix, connections.store, presence);
  const { signInAccountLimit, signInAccountTotalLimit, signInAddressLimit, signInWindowSeconds } = config.console;
  return {
    events,
    signInThrottle: new SignInThrottle(connections.redis, {
      prefix: config.redisPrefix,
      accountLimit: signInAccountLimit,
      accountTotalLimit: signInAccountTotalLimit,
      addressLimit: signInAddressLimit,
      windowMs: signInWindowSeconds * 1000,
    }),
    blobs: new PostgresBlobStore(connections.pool),
  };
}

/** Fastify-level parts: cookies, the raw upload body, the static console and its headers; open streams end before the server closes. */
export async function registerConsoleHttp(
  app: NestFastifyApplication,
  config: ServiceConfig,
  deps: ConsoleDependencies,
  gateway: { database: DatabaseReadiness },
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  await app.register(fastifyCookie);
  // After the cookies are parsed: the upload's credential and bounds, before its body is read.
  registerUploadAdmission(fastify, {
    guard: app.get(ExpertGuard, { strict: false }),
    sql: app.get<SqlClient>(SQL, { strict: false }),
    database: gateway.database,
    limits: config.attachments,
  });
  registerUploadBodyParser(fastify, config.attachments.maxBytes);
  await registerConsoleStatic(fastify, { dir: config.console.consoleDir ?? path.join(repositoryRoot(), 'dist/console'), publicBaseUrl: config.publicBaseUrl });
  // Open event streams would hold the server open: end them (and the subscription) first.
  fastify.addHook('preClose', async () => {
    await deps.events.stop();
  });
}

/** The folder holding package.json above this file, whether it runs from apps/ (tests) or dist/apps/. */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** What the dashboard's routes need from the gateway's connections. */
export interface DashboardDependencies {
  events: WorkspaceEventHub;
}

/** Builds the dashboard's connections; the live-event subscriptions open with the first stream. */
export function createDashboardDependencies(config: ServiceConfig, connections: { nats: NatsConnection; store: EventStore }): DashboardDependencies {
  const urls = new AttachmentUrls({
    publicBaseUrl: config.publicBaseUrl,
    secrets: config.attachments.urlSecrets,
    ttlSeconds: config.attachments.urlTtlSeconds,
  });
  const events = new WorkspaceEventHub(connections.nats, config.subjectPrefix, connections.store, (object, now) => urls.present(object, now));
  return { events };
}
