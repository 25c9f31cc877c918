import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorBody } from '../api-error';
import { CONSOLE_SECURITY_HEADERS, isConsolePath } from './console-security-headers';

/** Vite names built assets by content hash: a changed file is a new URL, so they may be cached for good. */
const IMMUTABLE = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.map)?$/;

/**
 * Serves the built console (Vite's `dist/console`) under /console/ with an SPA fallback: a GET of
 * any /console/ path that is not a file answers index.html, so the console's own router shows the
 * page; /console/api/… never falls back (an unknown API route is a JSON 404). Without a build,
 * /console answers 404 in the API's error shape. The folder is looked at per request, so a build
 * made while the gateway runs is served without a restart.
 */
export async function registerConsoleStatic(fastify: FastifyInstance, options: { dir: string; publicBaseUrl: string }): Promise<void> {
  const dir = path.resolve(options.dir);
  // serve: false: only `reply.sendFile`; the routes below decide what is a file and what falls back.
  await fastify.register(fastifyStatic, { root: dir, serve: false, index: false, dotfiles: 'deny', cacheControl: false });

  fastify.addHook('onSend', async (request, reply) => {
    if (isConsolePath(request.url)) void reply.headers(CONSOLE_SECURITY_HEADERS);
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(apiErrorBody('not_found', message, String(request.id), options.publicBaseUrl));

  const serve = (request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    if (relative === 'api' || relative.startsWith('api/')) return notFound(request, reply, `no route ${request.method} ${request.url.split('?')[0]}`);
    if (!existsSync(path.join(dir, 'index.html'))) return notFound(request, reply, 'the console is not built on this server (npm run console:build)');
    const file = path.resolve(dir, relative);
    const inside = file.startsWith(`${dir}${path.sep}`);
    if (inside && relative !== '' && isFile(file)) {
      void reply.header('Cache-Control', IMMUTABLE.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path.relative(dir, file));
    }
    // A missing asset is a 404 (a stale tab asking for an old chunk must fail, not receive HTML).
    if (relative.startsWith('assets/')) return notFound(request, reply, `no console asset ${relative}`);
    void reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  };

  // `/console` itself is the console too (its asset URLs are absolute), so no redirect is needed.
  fastify.get('/console', serve);
  fastify.get('/console/*', serve);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
