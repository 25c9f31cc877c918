import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONSOLE_CONTENT_SECURITY_POLICY } from './console-security-headers';
import { registerConsoleStatic } from './console-static';

/** The static console on a bare Fastify (no Nest, no servers): files, the SPA fallback, headers. */
describe('the console under /console', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-static-'));
    app = Fastify();
    await registerConsoleStatic(app, { dir: path.join(dir, 'console'), publicBaseUrl: 'https://api.example.test' });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const build = (): void => {
    mkdirSync(path.join(dir, 'console/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'console/index.html'), '<!doctype html><title>Expert console</title>');
    writeFileSync(path.join(dir, 'console/assets/index-DasatDfC.js'), 'console.log(1)');
  };

  it('without a build, /console answers 404 in the API error shape', async () => {
    for (const url of ['/console', '/console/', '/console/offers']) {
      const response = await app.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.json().error.code]).toEqual([url, 404, 'not_found']);
      expect(response.json().error.message).toContain('not built');
    }
  });

  it('serves files, and index.html for any other page (the console’s own router shows it)', async () => {
    build();
    const index = await app.inject({ method: 'GET', url: '/console/' });
    expect([index.statusCode, index.headers['content-type'], index.body]).toEqual([
      200,
      'text/html; charset=utf-8',
      '<!doctype html><title>Expert console</title>',
    ]);
    expect(index.headers['cache-control']).toBe('no-cache');
    for (const url of ['/console', '/console/offers', '/console/deployments/dep_01JZ0000000000000000000000', '/console/invitations/abc']) {
      const page = await app.inject({ method: 'GET', url });
      expect([url, page.statusCode, page.body]).toEqual([url, 200, index.body]);
    }
    const asset = await app.inject({ method: 'GET', url: '/console/assets/index-DasatDfC.js' });
    expect([asset.statusCode, asset.body, asset.headers['cache-control']]).toEqual([200, 'console.log(1)', 'public, max-age=31536000, immutable']);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('never falls back for the API or a missing asset, and never leaves the folder', async () => {
    build();
    writeFileSync(path.join(dir, 'secret.txt'), 'outside');
    const api = await app.inject({ method: 'GET', url: '/console/api/v1/nothing' });
    expect([api.statusCode, api.json().error.code, api.json().error.message]).toEqual([404, 'not_found', 'no route GET /console/api/v1/nothing']);
    expect((await app.inject({ method: 'GET', url: '/console/assets/index-OLDCHUNK1.js' })).statusCode).toBe(404);
    for (const url of ['/console/../secret.txt', '/console/%2e%2e/secret.txt', '/console/..%2fsecret.txt']) {
      const response = await app.inject({ method: 'GET', url });
      expect([url, response.body.includes('outside')]).toEqual([url, false]);
    }
  });

  it('sends a strict Content-Security-Policy and the other security headers on every /console answer', async () => {
    build();
    for (const url of ['/console/', '/console/assets/index-DasatDfC.js', '/console/api/v1/nothing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
      });
    }
    expect(CONSOLE_CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONSOLE_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONSOLE_CONTENT_SECURITY_POLICY).not.toContain('unsafe');
  });
});
