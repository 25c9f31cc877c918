import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { verifyWebhook } from '@eh/webhook-signature';
import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { WebhookReceiver, type ReceivedWebhook } from '../webhooks/support/webhook-receiver';

const LISTEN = path.resolve(__dirname, '../../dist/apps/cli/src/listen.main.js');

interface Listener {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startListener(args: string[]): Listener {
  const child = spawn(process.execPath, [LISTEN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

const secretOf = (listener: Listener): string => /Signing secret of this session: (whsec_\S+)/.exec(listener.output())?.[1] ?? '';

/**
 * `npm run listen`: a test deployment's events reach a server on 127.0.0.1 in the order they
 * happened, one line each with the local status, signed so that the service's own verifier (or
 * `standardwebhooks`, with --scheme standard) accepts them with the session secret printed.
 */
describe('the local listener', () => {
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let keys: { test: string; live: string };
  const listeners: Listener[] = [];

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    services = await startServices({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' });
    keys = (await services.ops<{ keys: { test: string; live: string } }>('workspace:create', '--name', 'listener')).keys;
  });

  afterAll(async () => {
    for (const listener of listeners) listener.process.kill('SIGINT');
    await Promise.all(listeners.map((listener) => listener.exited));
    await services?.stop();
    await receiver?.close();
  });

  async function listen(args: string[]): Promise<Listener> {
    const listener = startListener(['--key', keys.test, '--url', services.baseUrl, ...args]);
    listeners.push(listener);
    await waitUntil(() => listener.output().includes('Ready:') || undefined, { timeoutMs: 15_000, description: `the listener ready (${listener.output()})` });
    return listener;
  }

  async function eventsOfOneDeployment(at: string): Promise<{ id: string; received: ReceivedWebhook[] }> {
    const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
      key: keys.test,
      body: { brief: 'A tagline for a bakery.', skills: ['copywriting'] },
    });
    expect(created.status).toBe(201);
    const received = await waitUntil(
      () => {
        const mine = receiver.at(at).filter((webhook) => (JSON.parse(webhook.body) as { data: { object: { id: string } } }).data.object.id === created.body.id);
        return mine.some((webhook) => webhook.event === 'deployment.completed' || JSON.parse(webhook.body).type === 'deployment.completed') ? mine : undefined;
      },
      { timeoutMs: 30_000, description: `the completed event of ${created.body.id} at ${at}` },
    );
    return { id: created.body.id, received };
  }

  const sequences = (received: ReceivedWebhook[]): number[] => received.map((webhook) => (JSON.parse(webhook.body) as { sequence: number }).sequence);

  it('forwards every event in order, Service-Signature verified with the session secret, one line each', async () => {
    const listener = await listen(['--forward-to', receiver.url('/service')]);
    const secret = secretOf(listener);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const { received } = await eventsOfOneDeployment('/service');
    expect(received.length).toBeGreaterThanOrEqual(3);
    const order = sequences(received);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const webhook of received) {
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [secret] }).valid).toBe(true);
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [`whsec_${Buffer.alloc(32, 1).toString('base64url')}`] }).valid).toBe(
        false,
      );
      expect(webhook.deliveryId).toMatch(/^del_/);
      expect(webhook.idempotencyKey).toBe(webhook.deliveryId);
      const type = (JSON.parse(webhook.body) as { type: string; id: string }).type;
      expect(webhook.event).toBe(type);
      const id = (JSON.parse(webhook.body) as { id: string }).id;
      await waitUntil(() => new RegExp(`${type.replace('.', '\\.')}\\s+${id}\\s+--> 200`).test(listener.output()) || undefined, {
        timeoutMs: 5000,
        description: `the line of ${id}`,
      });
    }
  });

  it('signs Standard Webhooks with --scheme standard, and a given --secret is kept', async () => {
    const given = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const listener = await listen(['--forward-to', receiver.url('/standard'), '--scheme', 'standard', '--secret', given]);
    expect(secretOf(listener)).toBe(given);
    const { received } = await eventsOfOneDeployment('/standard');
    for (const webhook of received) {
      const headers = {
        'webhook-id': webhook.headers['webhook-id'],
        'webhook-timestamp': webhook.headers['webhook-timestamp'],
        'webhook-signature': webhook.headers['webhook-signature'],
      };
      expect(new StandardWebhook(given).verify(webhook.body, headers)).toEqual(JSON.parse(webhook.body));
    }
    expect(sequences(received)).toEqual([...sequences(received)].sort((a, b) => a - b));
  });

  it('keeps listening through a gateway restart, and prints the local server’s failure', async () => {
    receiver.behave('/restart', () => ({ status: 500 }));
    const listener = await listen(['--forward-to', receiver.url('/restart')]);
    await services.kill('gateway');
    await waitUntil(() => listener.output().includes('Disconnected') || undefined, { timeoutMs: 10_000, description: 'the listener disconnected' });
    await services.start('gateway');
    await waitUntil(() => (listener.output().match(/Ready:/g) ?? []).length >= 2 || undefined, {
      timeoutMs: 30_000,
      description: `the listener back (${listener.output()})`,
    });
    const { received } = await eventsOfOneDeployment('/restart');
    expect(received.length).toBeGreaterThanOrEqual(3);
    // The line is printed once the local answer is in, a moment after the receiver has the request.
    await waitUntil(() => /deployment\.completed\s+evt_\S+\s+--> 500/.test(listener.output()) || undefined, {
      timeoutMs: 5_000,
      description: `the completed line (${listener.output()})`,
    });
  });

  it('refuses a live key without --live, and a forward URL that is not http', async () => {
    const live = startListener(['--key', keys.live, '--url', services.baseUrl, '--forward-to', receiver.url('/live')]);
    expect(await live.exited).toBe(2);
    expect(live.output()).toContain('only with --live');
    const ftp = startListener(['--key', keys.test, '--url', services.baseUrl, '--forward-to', 'ftp://127.0.0.1/x']);
    expect(await ftp.exited).toBe(2);
    expect(ftp.output()).toContain('http:// or https://');
  });
});
