import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

export interface TestApp {
  /** Set in `beforeAll`: read it inside tests. */
  app: NestFastifyApplication;
}

/**
 * A spec's own Nest application of `module` on Fastify, as the gateway runs (no Nest logs): created
 * before its tests on `adapter`, given its filters and hooks by `prepare` before it starts, ready
 * to `inject` once Fastify is, and closed after them.
 */
export function useTestApp(
  module: Type<unknown>,
  {
    adapter = () => new FastifyAdapter({ logger: false }),
    prepare = () => undefined,
  }: { adapter?: () => FastifyAdapter; prepare?: (app: NestFastifyApplication) => void } = {},
): TestApp {
  const test = {} as TestApp;
  beforeAll(async () => {
    test.app = await NestFactory.create<NestFastifyApplication>(module, adapter(), { logger: false });
    prepare(test.app);
    await test.app.init();
    await test.app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await test.app?.close();
  });
  return test;
}
