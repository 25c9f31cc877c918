/**
 * The second transport. The same server with `--http`, reached with the SDK's
 * StreamableHTTPClientTransport, against the running services.
 */
import { request as httpRequest } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { callTool, connectHttp } from './support/mcp-client';
import { startMcpHttp, type McpHttpProcess } from './support/mcp-http-process';

/** A raw POST, so the test controls Host and Origin (fetch will not send a foreign Host). */
function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('MCP server over Streamable HTTP', () => {
  let services: RunningServices;
  let server: McpHttpProcess;
  let client: Client;

  beforeAll(async () => {
    services = await sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' });
    const workspace = await services.ops<{ keys: { test: string } }>('workspace:create', '--name', 'mcp-http');
    server = await startMcpHttp({ SERVICE_API_KEY: workspace.keys.test, SERVICE_BASE_URL: services.baseUrl });
    client = await connectHttp(server.url);
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    await services?.stop();
  });

  it('listens on loopback at /mcp and lists the five tools (and more beside them)', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'service.check_deployment',
        'service.deploy_specialist',
        'service.get_usage',
        'service.list_specialists',
        'service.reply_to_deployment',
      ]),
    );
  });

  it('drives a test-mode deployment to completed output', async () => {
    const created = await callTool<{ id: string }>(client, 'service.deploy_specialist', { brief: 'Write a tagline for a tea shop.', skills: ['copywriting'] });
    const done = await callTool<{ status: string; output: { body: string } }>(client, 'service.check_deployment', {
      deployment_id: created.structured.id,
      wait_seconds: 30,
    });
    expect(done.structured.status).toBe('completed');
    expect(done.structured.output.body).toContain('tea shop');
  });

  it('serves several sessions at once, each with its own session id', async () => {
    const second = await connectHttp(server.url);
    try {
      const usage = await callTool<{ credits_remaining: number }>(second, 'service.get_usage');
      expect(usage.isError).toBe(false);
      expect(typeof usage.structured.credits_remaining).toBe('number');
    } finally {
      await second.close();
    }
  });

  it('ends a session on DELETE: its id is then unknown (404)', async () => {
    const third = await connectHttp(server.url);
    const transport = third.transport;
    if (!(transport instanceof StreamableHTTPClientTransport) || !transport.sessionId) throw new Error('expected a Streamable HTTP session');
    const sessionId = transport.sessionId;
    await transport.terminateSession();
    await third.close();
    expect((await post(server.url, { 'mcp-session-id': sessionId }, { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} })).status).toBe(404);
  });

  it('refuses a foreign Host or Origin (DNS rebinding), accepts localhost names', async () => {
    const port = new URL(server.url).port;
    expect((await post(server.url, { host: `evil.example.com:${port}` }, INITIALIZE)).status).toBe(403);
    expect((await post(server.url, { origin: 'https://evil.example.com' }, INITIALIZE)).status).toBe(403);
    expect((await post(server.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` }, INITIALIZE)).status).toBe(200);
  });

  it('answers 400 without a session, 404 for an unknown session, 404 off /mcp', async () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    expect((await post(server.url, {}, list)).status).toBe(400);
    expect((await post(server.url, { 'mcp-session-id': 'no-such-session' }, list)).status).toBe(404);
    expect((await post(server.url.replace('/mcp', '/other'), {}, INITIALIZE)).status).toBe(404);
  });
});
