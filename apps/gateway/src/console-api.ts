/**
 * The gateway's part of issue 12 (the expert console), in one place so the module and the app wire
 * it in a line each: sign-in and sessions, the admin invitation and revocation, live updates,
 * uploads and their signed downloads, drafts, earnings, the expert OpenAPI document, and the
 * static console under /console.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { Logger } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AttachmentUrls, PostgresBlobStore, attachmentsMigrations, type BlobStore } from '@eh/attachments';
import { expertDraftsMigrations } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import { identityMigrations } from '@eh/identity';
import type { Migration, ServiceConfig } from '@eh/platform';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { AttachmentContentController } from './attachments/attachment-content.controller';
import { AttachmentUrlsInterceptor } from './attachments/attachment-urls.interceptor';
import { ATTACHMENT_URLS, BLOB_STORE } from './attachments/attachments.tokens';
import { registerUploadBodyParser } from './attachments/upload-body.parser';
import { UploadAttachmentController } from './attachments/upload-attachment.controller';
import { AdminExpertAccessController } from './console-auth/admin-expert-access.controller';
import { ConsoleAuthController } from './console-auth/console-auth.controller';
import { ConsoleAuthService } from './console-auth/console-auth.service';
import { SIGN_IN_THROTTLE } from './console-auth/console-auth.tokens';
import { ConsoleSessionGuard } from './console-auth/console-session.guard';
import { ConsoleSessions } from './console-auth/console-sessions';
import { SignInThrottle } from './console-auth/sign-in.throttle';
import { registerConsoleStatic } from './console-static/console-static';
import { ExpertDraftController } from './expert/drafts/expert-draft.controller';
import { ExpertEarningsController } from './expert/earnings/expert-earnings.controller';
import { ExpertEventHub } from './expert/events/expert-event.hub';
import { ExpertEventsController } from './expert/events/expert-events.controller';
import { EXPERT_EVENT_HUB } from './expert/events/expert-events.tokens';
import { CONFIG } from './http/tokens';
import { ExpertOpenApiController } from './openapi/expert/expert-openapi.controller';

/** What the console needs from the gateway's connections (built in gateway.app.ts). */
export interface ConsoleDependencies {
  events: ExpertEventHub;
  signInThrottle: SignInThrottle;
  blobs: BlobStore;
}

/** Tables only the gateway uses: sessions and passwords, uploads, drafts. */
export const CONSOLE_MIGRATIONS: readonly Migration[] = [...identityMigrations, ...attachmentsMigrations, ...expertDraftsMigrations];

export const CONSOLE_API_CONTROLLERS = [
  ConsoleAuthController,
  AdminExpertAccessController,
  ExpertEventsController,
  UploadAttachmentController,
  AttachmentContentController,
  ExpertDraftController,
  ExpertEarningsController,
  ExpertOpenApiController,
];

/**
 * Providers; the last one is the interceptor that signs attachment URLs, which must stay the
 * innermost global interceptor (list it after every other APP_INTERCEPTOR).
 */
export const consoleApiProviders = (deps: ConsoleDependencies) => [
  ConsoleSessions,
  ConsoleSessionGuard,
  ConsoleAuthService,
  // Factories rather than values: the offline OpenAPI gateway passes no connections at all.
  { provide: EXPERT_EVENT_HUB, useFactory: () => deps.events },
  { provide: SIGN_IN_THROTTLE, useFactory: () => deps.signInThrottle },
  { provide: BLOB_STORE, useFactory: () => deps.blobs },
  {
    provide: ATTACHMENT_URLS,
    inject: [CONFIG],
    useFactory: (config: ServiceConfig) => new AttachmentUrls({ publicBaseUrl: config.publicBaseUrl, secrets: config.attachments.urlSecrets, ttlSeconds: config.attachments.urlTtlSeconds }),
  },
  { provide: APP_INTERCEPTOR, useClass: AttachmentUrlsInterceptor },
];

/** Builds the console's connections and starts the live-update subscription. */
export function createConsoleDependencies(config: ServiceConfig, connections: { nats: NatsConnection; store: EventStore; pool: Pool; redis: Redis }): ConsoleDependencies {
  if (config.attachments.urlSecretGenerated) {
    new Logger('Attachments').warn('ATTACHMENT_URL_SECRET is not set: this process signs attachment URLs with a random key; they fail on other replicas and after a restart');
  }
  const events = new ExpertEventHub(connections.nats, config.subjectPrefix, connections.store);
  events.start();
  const { signInAccountLimit, signInAddressLimit, signInWindowSeconds } = config.console;
  return {
    events,
    signInThrottle: new SignInThrottle(connections.redis, { prefix: config.redisPrefix, accountLimit: signInAccountLimit, addressLimit: signInAddressLimit, windowMs: signInWindowSeconds * 1000 }),
    blobs: new PostgresBlobStore(connections.pool),
  };
}

/** Fastify-level parts: cookies, the raw upload body, the static console and its headers; open streams end before the server closes. */
export async function registerConsoleHttp(app: NestFastifyApplication, config: ServiceConfig, deps: ConsoleDependencies): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  await app.register(fastifyCookie);
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
