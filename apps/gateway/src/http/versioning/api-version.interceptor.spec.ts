import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ApiExceptionFilter } from '../api-exception.filter';
import { useTestApp } from '../testing/test-app';
import { CONFIG } from '../tokens';
import { ApiVersionInterceptor, VERSION_CATALOG } from './api-version.interceptor';
import { Resource } from './resource.decorator';
import { defineCatalog, type JsonObject } from './version-catalog';

const BASE_URL = 'http://docs.test';

/**
 * A test-only history: before 2027-03-01 the deployment's `expert` field was called `specialist`
 * (the rename the API plans), and lists carried a `url`. The handlers below return the latest
 * shape only and know nothing of versions.
 */
const TEST_CATALOG = defineCatalog({
  versions: ['2026-11-01', '2027-03-01'],
  changes: {
    '2027-03-01': {
      deployment: ({ expert, ...rest }: JsonObject) => ({ ...rest, specialist: expert }),
      list: (envelope: JsonObject) => ({ ...envelope, url: '/v1/things' }),
    },
  },
});

const thing = { id: 'dep_1', status: 'accepted', expert: { id: 'spec_1', name: 'Ada', role: 'Writer' } };

@Controller('v1/things')
class ThingsController {
  @Get()
  @Resource('list', 'deployment')
  list(): JsonObject {
    return { object: 'list', data: [thing, thing], next: null, has_more: false };
  }

  @Get('one')
  @Resource('deployment')
  one(): JsonObject {
    return thing;
  }

  @Get('untagged')
  untagged(): JsonObject {
    return thing;
  }
}

@Controller('health')
class ProbeController {
  @Get()
  probe(): JsonObject {
    return { status: 'ok' };
  }
}

@Module({
  controllers: [ThingsController, ProbeController],
  providers: [
    { provide: CONFIG, useValue: { publicBaseUrl: BASE_URL } },
    { provide: VERSION_CATALOG, useValue: TEST_CATALOG },
    { provide: APP_INTERCEPTOR, useClass: ApiVersionInterceptor },
  ],
})
class TestModule {}

describe('ApiVersionInterceptor: response shapes per Service-Version, handlers untouched', () => {
  const test = useTestApp(TestModule, { prepare: (app) => app.useGlobalFilters(new ApiExceptionFilter(BASE_URL)) });

  const get = (url: string, version?: string) => test.app.inject({ method: 'GET', url, headers: version ? { 'service-version': version } : {} });

  it('answers in the latest version when no header is sent, and says which', async () => {
    const response = await get('/v1/things/one');
    expect(response.headers['service-version']).toBe('2027-03-01');
    expect(response.json()).toEqual(thing);
  });

  it('renders an older version through the registry: expert becomes specialist', async () => {
    const response = await get('/v1/things/one', '2026-11-01');
    expect(response.headers['service-version']).toBe('2026-11-01');
    expect(response.json()).toEqual({ id: 'dep_1', status: 'accepted', specialist: thing.expert });
  });

  it('renders each item of a list and then the envelope', async () => {
    const response = await get('/v1/things', '2026-11-01');
    const body = response.json();
    expect(body.url).toBe('/v1/things');
    expect(body.data).toEqual([
      { id: 'dep_1', status: 'accepted', specialist: thing.expert },
      { id: 'dep_1', status: 'accepted', specialist: thing.expert },
    ]);
  });

  it('passes untagged results through unchanged, but still echoes the version', async () => {
    const response = await get('/v1/things/untagged', '2026-11-01');
    expect(response.headers['service-version']).toBe('2026-11-01');
    expect(response.json()).toEqual(thing);
  });

  it.each([
    ['2025-01-01', 'is not a known version'],
    ['2026-11-1', 'must be a date YYYY-MM-DD'],
    ['latest', 'must be a date YYYY-MM-DD'],
  ])('refuses %s with 400 naming Service-Version and listing the supported versions', async (value, reason) => {
    const response = await get('/v1/things/one', value);
    expect(response.statusCode).toBe(400);
    expect(response.headers['service-version']).toBe('2027-03-01');
    const { error } = response.json();
    expect(error).toMatchObject({ type: 'invalid_request', code: 'invalid_request', param: 'Service-Version' });
    expect(error.message).toContain(reason);
    expect(error.message).toContain('2026-11-01, 2027-03-01');
  });

  it('echoes the version on errors of /v1 routes too, and leaves other paths alone', async () => {
    const missing = await get('/v1/nothing', '2026-11-01');
    expect([missing.statusCode, missing.headers['service-version']]).toEqual([404, '2026-11-01']);
    const probe = await get('/health', 'not-a-version');
    expect([probe.statusCode, probe.headers['service-version']]).toEqual([200, undefined]);
  });
});
