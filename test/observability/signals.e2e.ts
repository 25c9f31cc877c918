import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { currentTraceparent, inSpan, startTracingWith, type SpanLine } from '@eh/platform';
import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import { OtlpReceiver } from '../support/otlp-receiver';
import { SERVICE_NAMES, startServices, type RunningServices } from '../support/service-harness';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';

/**
 * Signals, through the running services: one trace from `POST /v1/deployments` (continuing the
 * agent's own span, recorded here by the SDK's InMemorySpanExporter) through the gateway, the
 * relay, the router and the webhooks service to each webhook attempt, with the PostgreSQL
 * statements each ran (the services export over OTLP/HTTP to a collector's endpoint on loopback,
 * configured only by the standard OTEL_EXPORTER_OTLP_* settings); `/metrics` of every service on
 * its HEALTH_PORT with the series the README lists; JSON log lines with request_id.
 */
describe('signals: traces, metrics and logs of the running services', () => {
  let collector: OtlpReceiver;
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let workspace: { id: string; keys: { test: string } };
  const exporter = new InMemorySpanExporter();
  const tracing = startTracingWith('signals-e2e', exporter);
  let deploymentId: string;
  let requestId: string;

  const spans = (): SpanLine[] => collector.spans();
  const metricsOf = async (name: (typeof SERVICE_NAMES)[number]): Promise<string> => {
    const response = await fetch(`${services.healthUrlOf(name)}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    collector = await OtlpReceiver.start();
    services = await startServices(
      // Only the endpoint: the exporter follows from it. JSON, so this test reads the spans back; batches leave every 100 ms.
      {
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        LOG_LEVEL: 'debug',
      },
      { healthPorts: true },
    );
    workspace = await services.ops('workspace:create', '--name', 'signals');
    // The agent's own span: the gateway continues its trace from the traceparent header.
    await inSpan('agent: create a deployment', { kind: SpanKind.CLIENT }, undefined, async () => {
      const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
        key: workspace.keys.test,
        headers: { traceparent: currentTraceparent() ?? '' },
        body: { brief: 'Write a tagline for a bakery.', skills: ['copywriting'], webhook_url: receiver.url('/hooks') },
      });
      expect(created.status).toBe(201);
      deploymentId = created.body.id;
      requestId = created.headers.get('request-id') ?? '';
    });
    // accepted, in_progress, completed: each a webhook.
    await receiver.waitForDeliveries('/hooks', 3, 30_000);
  });

  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
    await tracing.shutdown();
    await collector?.close();
  });

  it('runs one trace from the agent through gateway, relay, router and webhooks to every webhook attempt of the deployment', async () => {
    const [agent] = exporter.getFinishedSpans();
    expect(agent?.name).toBe('agent: create a deployment');
    const traceId = agent.spanContext().traceId;
    // A span is written when it ends: the relay's publish span ends at the server's ack, which can
    // come after its consumers have handled the message and made their attempts. So wait for the tree to close too.
    const closed = (mine: SpanLine[]): boolean => {
      const ids = new Set(mine.map((span) => span.span_id));
      return mine.every((span) => span.parent_span_id === agent.spanContext().spanId || ids.has(span.parent_span_id ?? ''));
    };
    const trace = await waitUntil(
      () => {
        const mine = spans().filter((span) => span.trace_id === traceId);
        return mine.filter((span) => span.name === 'webhook attempt').length >= 3 && closed(mine) ? mine : undefined;
      },
      { timeoutMs: 20_000, description: 'three webhook attempt spans in the trace, and every span’s parent' },
    );
    const byId = new Map(trace.map((span) => [span.span_id, span]));
    const ancestors = (span: SpanLine): SpanLine[] => {
      const chain: SpanLine[] = [];
      for (let at = span.parent_span_id ? byId.get(span.parent_span_id) : undefined; at; at = at.parent_span_id ? byId.get(at.parent_span_id) : undefined)
        chain.push(at);
      return chain;
    };

    // The gateway's server span is the agent's child, named by route template, with the workspace.
    const gateway = trace.find((span) => span.service === 'gateway' && span.name === 'POST /v1/deployments');
    expect(gateway).toMatchObject({
      parent_span_id: agent.spanContext().spanId,
      kind: SpanKind.SERVER,
      attributes: { workspace_id: workspace.id, 'http.response.status_code': 201 },
    });
    // One tree: every span's parent is in the trace (or is the agent's span).
    for (const span of trace) expect(span.parent_span_id === agent.spanContext().spanId || byId.has(span.parent_span_id ?? '')).toBe(true);
    // No ledger: it acks a test deployment's events unread, so nothing of its is in the trace.
    expect(new Set(trace.map((span) => span.service))).toEqual(new Set(['gateway', 'relay', 'router', 'webhooks']));
    // The router handled this deployment's events in the trace, carried by NATS headers from the relay.
    const routed = trace.filter((span) => span.service === 'router' && span.kind === SpanKind.CONSUMER && span.attributes.deployment_id === deploymentId);
    expect(routed.length).toBeGreaterThan(0);
    for (const span of routed) expect(ancestors(span).some((parent) => parent.service === 'relay' && parent.kind === SpanKind.PRODUCER)).toBe(true);
    // Each webhook attempt descends from the router's work and from the gateway's request.
    const attempts = trace.filter((span) => span.name === 'webhook attempt');
    for (const attempt of attempts) {
      // A first attempt is made before its schedule is recorded; on a loaded host its span can end before the recording.
      expect(attempt).toMatchObject({
        service: 'webhooks',
        kind: SpanKind.CLIENT,
        attributes: { outcome: expect.stringMatching(/^(succeeded|not recorded yet)$/) },
      });
      const above = ancestors(attempt);
      expect(above.some((span) => span.service === 'router')).toBe(true);
      expect(above.map((span) => span.span_id)).toContain(gateway?.span_id);
    }
    // Where the time went in PostgreSQL: the statements the gateway ran for the request, and the router for the events.
    const statements = trace.filter((span) => span.kind === SpanKind.CLIENT && span.attributes['db.system.name'] === 'postgresql');
    const statementsUnder = (parent: SpanLine | undefined): SpanLine[] =>
      statements.filter((span) => ancestors(span).some((above) => above.span_id === parent?.span_id));
    const gatewayStatements = statementsUnder(gateway).filter((span) => span.service === 'gateway');
    expect(gatewayStatements.length).toBeGreaterThan(0);
    for (const span of gatewayStatements)
      expect(span).toMatchObject({ name: expect.stringMatching(/^pg [A-Z]+/), attributes: { 'db.query.text': expect.any(String) } });
    expect(routed.some((span) => statementsUnder(span).length > 0)).toBe(true);
    // A statement run straight on the pool says how the pool stood, so a wait for a connection shows.
    expect(
      gatewayStatements.some((span) => typeof span.attributes['pg.pool.idle'] === 'number' && typeof span.attributes['pg.pool.waiting'] === 'number'),
    ).toBe(true);
    // Each service's GC pauses are root spans of their own, to lay beside a slow request.
    const pauses = spans().filter((span) => span.service === 'gateway' && span.name.startsWith('gc '));
    expect(pauses.length).toBeGreaterThan(0);
    for (const pause of pauses) expect(pause).toMatchObject({ parent_span_id: null, name: `gc ${pause.attributes['gc.kind']}` });
  });

  it('serves /metrics with the named series on every service’s HEALTH_PORT, never on the public port', async () => {
    await request(services.baseUrl, 'GET', `/v1/deployments/${deploymentId}`, { key: workspace.keys.test });
    await request(services.baseUrl, 'GET', '/no/such/path');
    const value = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
      for (const line of text.split('\n')) {
        const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
        if (!match || match[1] !== name) continue;
        const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
        if (Object.entries(labels).every(([key, wanted]) => present[key] === wanted)) return Number(match[3]);
      }
      return undefined;
    };

    const gateway = await metricsOf('gateway');
    expect(
      value(gateway, 'eh_http_request_duration_seconds_count', { method: 'POST', route: '/v1/deployments', status: '201', service: 'gateway' }),
    ).toBeGreaterThanOrEqual(1);
    expect(value(gateway, 'eh_http_request_duration_seconds_bucket', { route: '/v1/deployments/:id', status: '200', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(value(gateway, 'eh_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(gateway).not.toContain(`route="/v1/deployments/${deploymentId}"`);
    expect(value(gateway, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect((await fetch(`${services.baseUrl}/metrics`)).status).toBe(404);

    const router = await metricsOf('router');
    expect(value(router, 'eh_consumer_lag_messages', { durable: 'router-deployments' })).toBeGreaterThanOrEqual(0);
    expect(value(router, 'eh_reactor_events_total', { durable: 'router-deployments', outcome: 'handled' })).toBeGreaterThan(0);
    for (const name of ['eh_timers_scheduled', 'eh_timers_due']) expect(value(router, name, { kind: 'sla' })).toBeGreaterThanOrEqual(0);
    expect(value(router, 'eh_timers_due_oldest_seconds')).toBeGreaterThanOrEqual(0);

    const webhooks = await metricsOf('webhooks');
    expect(value(webhooks, 'eh_webhook_delivery_attempts_total', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(3);
    expect(value(webhooks, 'eh_webhook_delivery_attempts_total', { outcome: 'dead_lettered' })).toBe(0);
    expect(value(webhooks, 'eh_webhook_dead_letters_total')).toBe(0);
    expect(value(webhooks, 'eh_webhook_dead_letters')).toBe(0);
    expect(value(webhooks, 'eh_webhook_deliveries_overdue')).toBe(0);
    expect(value(webhooks, 'eh_consumer_lag_messages', { durable: 'webhooks-hooks-deployments' })).toBeGreaterThanOrEqual(0);

    const ledger = await metricsOf('ledger');
    expect(value(ledger, 'eh_ledger_open_reservations')).toBe(0);
    expect(value(ledger, 'eh_ledger_stuck_reservations')).toBe(0);
    expect(value(ledger, 'eh_consumer_lag_messages', { durable: 'ledger' })).toBeGreaterThanOrEqual(0);

    const relay = await metricsOf('relay');
    expect(value(relay, 'eh_relay_published_events_total')).toBeGreaterThan(0);
    expect(value(relay, 'eh_relay_leader')).toBe(1);
    await waitUntil(async () => value(await metricsOf('relay'), 'eh_relay_lag_events') === 0, { timeoutMs: 10_000, description: 'relay caught up' });
    expect(value(await metricsOf('relay'), 'eh_relay_lag_seconds')).toBe(0);

    for (const name of SERVICE_NAMES) expect((await fetch(`${services.healthUrlOf(name)}/health/ready`)).status).toBe(200);
  });

  it('writes JSON lines, the gateway’s in request context with request_id and workspace_id', () => {
    for (const name of SERVICE_NAMES) {
      const lines = services
        .logs(name)
        .split('\n')
        .filter((line) => line.length > 0);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines)
        expect(JSON.parse(line)).toMatchObject({ service: name, level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
    }
    const answered = services
      .logs('gateway')
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line));
    expect(answered).toContainEqual(
      expect.objectContaining({ msg: 'request answered', request_id: requestId, workspace_id: workspace.id, route: '/v1/deployments', status: 201 }),
    );
  });
});
