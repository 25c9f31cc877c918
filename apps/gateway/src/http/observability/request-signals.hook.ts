import { SpanKind, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  extractHttpTraceContext,
  httpRequestDuration,
  methodLabel,
  rootLogger,
  routeLabel,
  runWithLogContext,
  startSpan,
  statusLabel,
  tracingEnabled,
  withSpanActive,
} from '@eh/platform';

const SPAN = Symbol('requestSpan');
type WithSpan = FastifyRequest & { [SPAN]?: Span };

/** A deployment named in the route (`/v1/deployments/:id`, `/expert/v1/deployments/:id/…`). */
function deploymentOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.id ?? params?.deployment_id;
  return typeof id === 'string' && id.startsWith('dep_') ? id : undefined;
}

/**
 * The gateway's request signals, registered first so every later hook, guard and
 * handler runs inside them:
 * - the request's log scope: every line written while serving it carries `request_id` (and
 *   `deployment_id` when the route names one; the key guard adds `workspace_id`);
 * - with tracing on, a server span named after the route template, continuing the caller's
 *   `traceparent` if it sent one; what the request appends carries it on (event metadata);
 * - `eh_http_request_duration_seconds{method,route,status}` when the answer is sent (route is
 *   the template, `unmatched` for a 404 before routing, so the label set stays bounded).
 * Answers are logged at `debug` (LOG_LEVEL=debug shows every request), 5xx at `error`.
 */
export function registerRequestSignals(fastify: FastifyInstance): void {
  const duration = httpRequestDuration();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const deploymentId = deploymentOf(request);
    const fields = { request_id: String(request.id), ...(deploymentId ? { deployment_id: deploymentId } : {}) };
    if (!tracingEnabled()) return void runWithLogContext(fields, () => done());
    const parent = extractHttpTraceContext(request.headers);
    const route = routeLabel(request.routeOptions.url);
    const span = startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route,
          request_id: String(request.id),
          ...(deploymentId ? { deployment_id: deploymentId } : {}),
        },
      },
      parent,
    );
    (request as WithSpan)[SPAN] = span;
    withSpanActive(span, parent, () => runWithLogContext(fields, () => done()));
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url);
    duration.observe({ method: methodLabel(request.method), route, status: statusLabel(reply.statusCode) }, reply.elapsedTime / 1000);
    const span = (request as WithSpan)[SPAN];
    span?.setAttribute('http.response.status_code', reply.statusCode);
    span?.end();
    const logger = rootLogger();
    if (reply.statusCode >= 500) logger.error({ method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request failed');
    else if (logger.isLevelEnabled('debug'))
      logger.debug({ method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request answered');
    done();
  });
}
