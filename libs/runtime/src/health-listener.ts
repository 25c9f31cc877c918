import { createServer, type Server, type ServerResponse } from 'node:http';

export interface HealthListener {
  /** Where it listens (the one asked for, or the one the OS chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Liveness and readiness of a service without an HTTP API of its own (the local
 * cluster and the k8s probes wait on every replica, not only the gateway). The same paths as the
 * gateway: `GET /health/live` answers 200 while the process runs its event loop; `GET
 * /health/ready` answers 200 once the service has started (its database, NATS, consumers and
 * queues are open) and 503 before that and while it stops. With `metrics`, `GET /metrics` answers
 * the Prometheus text (every service, the gateway included, is scraped here, never on
 * a public port). Nothing else is served.
 */
export function startHealthListener(port: number, host: string, ready: () => boolean, metrics?: MetricsSource): Promise<HealthListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/metrics' && metrics) return void serveMetrics(metrics, response);
    const status = path === '/health/live' ? 200 : path === '/health/ready' ? (ready() ? 200 : 503) : 404;
    const body = status === 200 ? { status: 'ok' } : status === 503 ? { status: 'not_ready' } : { status: 'not_found' };
    response.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

/** The process's metrics in Prometheus' text format (libs/platform renderMetrics). */
export type MetricsSource = () => Promise<{ contentType: string; body: string }>;

function serveMetrics(metrics: MetricsSource, response: ServerResponse): void {
  metrics().then(
    ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, connection: 'close' }).end(body),
    () => response.writeHead(500, { 'content-type': 'text/plain', connection: 'close' }).end('metrics unavailable\n'),
  );
}

/** `HEALTH_PORT` (unset or empty: no listener) and `HEALTH_HOST` (127.0.0.1; 0.0.0.0 in a pod). */
export function healthAddressFromEnv(env: NodeJS.ProcessEnv = process.env): { port: number; host: string } | null {
  const raw = env.HEALTH_PORT;
  if (raw === undefined || raw === '') return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`HEALTH_PORT must be a TCP port (1-65535), got "${raw}"`);
  return { port, host: env.HEALTH_HOST && env.HEALTH_HOST.length > 0 ? env.HEALTH_HOST : '127.0.0.1' };
}
