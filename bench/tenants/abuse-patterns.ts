import http from 'node:http';
import net from 'node:net';
import { HttpLoadClient } from '../load/http-load-client';
import { runOpenLoop } from '../load/open-loop';
import { sleep, Tally, untilDeadline } from './tally';

/**
 * What another tenant (or a stranger) does while the quiet workspace is measured. Every pattern
 * runs from a loopback address of its own (the abusing key from 127.0.0.2, strangers from
 * 127.0.0.3), as a different client would, so a bound per client address falls on it and not on
 * the quiet workspace; each stops by itself at `deadline`.
 */
export interface AbuseContext {
  gatewayUrl: URL;
  /** The abusing key: every pattern but the streams one runs on it alone. */
  key: string;
  /** Keys of the abusing workspace, test and live, as many as the workspace may hold streams on. */
  streamKeys: readonly string[];
  /** An endpoint of the abusing workspace whose `test` action it calls. */
  endpointId: string;
  /** The abuser's request rate: the most its key is allowed (RATE_LIMIT_PER_MINUTE / 60). */
  allowedPerSecond: number;
  deadline: number;
  /** The abuser's HTTP client, on its own address. */
  client: HttpLoadClient;
}

export const ABUSER_ADDRESS = '127.0.0.2';
/** Strangers (no credential) come from yet another address: failed authentications are throttled per address. */
const STRANGER_ADDRESS = '127.0.0.3';
const UPLOAD_BYTES = 25 * 1024 * 1024;

type Pattern = (context: AbuseContext) => Promise<Record<string, unknown>>;

/** One GET of an event stream held `holdMs` (or until the server ends it): its status and the bytes it sent. */
function holdStream(context: AbuseContext, path: string, headers: Record<string, string>, holdMs: number): Promise<{ status: string; bytes: number }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let status = 'no answer';
    const request = http.get(
      {
        hostname: context.gatewayUrl.hostname,
        port: context.gatewayUrl.port,
        path,
        headers: { accept: 'text/event-stream', ...headers },
        localAddress: ABUSER_ADDRESS,
        agent: false,
      },
      (response) => {
        status = String(response.statusCode);
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => finish());
      },
    );
    const timer = setTimeout(() => finish(), holdMs);
    function finish(): void {
      clearTimeout(timer);
      request.destroy();
      resolve({ status, bytes });
    }
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (status === 'no answer') status = error.code ?? 'error';
      finish();
    });
  });
}

/** Replays of the whole history (`Last-Event-ID: 0:0`), as many at once as the key is let open, each dropped after a second. */
const replays: Pattern = async (context) => {
  const tally = new Tally();
  let bytes = 0;
  await untilDeadline(16, context.deadline, async () => {
    const answer = await holdStream(context, '/v1/events/stream', { authorization: `Bearer ${context.key}`, 'last-event-id': '0:0' }, 1000);
    tally.add(answer.status);
    bytes += answer.bytes;
    if (answer.status !== '200') await sleep(50);
  });
  return { statuses: tally.toJSON(), replayed_kib: Math.round(bytes / 1024) };
};

/** As many live streams as the workspace's keys are let open, held while the workspace creates deployments whose events they all carry. */
const streams: Pattern = async (context) => {
  const tally = new Tally();
  const holdMs = context.deadline - performance.now();
  const opened: Promise<void>[] = [];
  for (let index = 0; index < 1000 && performance.now() < context.deadline; index++) {
    const key = context.streamKeys[index % context.streamKeys.length];
    opened.push(holdStream(context, '/v1/events/stream', { authorization: `Bearer ${key}` }, Math.max(0, holdMs)).then((answer) => tally.add(answer.status)));
    if (index % 50 === 49) await sleep(20);
  }
  const created = new Tally();
  const perSecond = Math.max(1, Math.min(20, context.allowedPerSecond / 2));
  await runOpenLoop(perSecond, Math.max(1, (context.deadline - performance.now()) / 1000), async (index) => {
    const answer = await context.client.request('POST', '/v1/deployments', {
      key: context.key,
      body: { brief: `Abuser brief ${index}: write a tagline.`, skills: ['copywriting'] },
    });
    created.add(answer.status);
  });
  await Promise.all(opened);
  return { stream_statuses: tally.toJSON(), creates: created.toJSON() };
};

/** Anonymous 25 MB uploads, 24 at a time, each written as fast as the socket takes it until the gateway answers or cuts. */
const anonymousUploads: Pattern = async (context) => {
  const tally = new Tally();
  const sentMiB: number[] = [];
  await untilDeadline(24, context.deadline, async () => {
    const answer = await new Promise<{ status: string; sent: number }>((resolve) => {
      let sent = 0;
      let status = 'no answer';
      let done = false;
      const request = http.request(
        {
          hostname: context.gatewayUrl.hostname,
          port: context.gatewayUrl.port,
          method: 'POST',
          path: '/expert/v1/attachments?deployment_id=dep_01JAAAAAAAAAAAAAAAAAAAAAAA&filename=big.bin',
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(UPLOAD_BYTES) },
          localAddress: STRANGER_ADDRESS,
          agent: false,
        },
        (response) => {
          status = String(response.statusCode);
          response.resume();
          finish();
        },
      );
      const chunk = Buffer.alloc(64 * 1024, 1);
      const timer = setTimeout(() => finish(), Math.max(0, context.deadline - performance.now()) + 5000);
      function finish(): void {
        if (done) return;
        done = true;
        clearTimeout(timer);
        request.destroy();
        resolve({ status, sent });
      }
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (status === 'no answer') status = error.code ?? 'error';
        finish();
      });
      const write = (): void => {
        while (!done && sent < UPLOAD_BYTES) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        if (!done) request.end();
      };
      write();
    });
    tally.add(answer.status);
    sentMiB.push(answer.sent / 1048576);
  });
  sentMiB.sort((a, b) => a - b);
  return { statuses: tally.toJSON(), uploads: sentMiB.length, median_mib_written_before_answer: Math.round(sentMiB[Math.floor(sentMiB.length / 2)] ?? 0) };
};

/** Anonymous connections that send headers and then one byte of body a second: as many as the gateway accepts, up to 2,000. */
const slowBodies: Pattern = async (context) => {
  const sockets = new Set<net.Socket>();
  const tally = new Tally();
  let cutByServer = 0;
  const open = (): void => {
    const socket = net.connect({ host: context.gatewayUrl.hostname, port: Number(context.gatewayUrl.port), localAddress: STRANGER_ADDRESS });
    sockets.add(socket);
    socket.on('connect', () => {
      tally.add('connected');
      socket.write(`POST /v1/deployments HTTP/1.1\r\nHost: ${context.gatewayUrl.host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
    });
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (sockets.delete(socket) && performance.now() < context.deadline) cutByServer += 1;
    });
  };
  for (let index = 0; index < 2000 && performance.now() < context.deadline; index++) {
    open();
    if (index % 100 === 99) await sleep(50);
  }
  while (performance.now() < context.deadline) {
    for (const socket of sockets) if (socket.writable) socket.write(' ');
    await sleep(Math.min(1000, Math.max(0, context.deadline - performance.now())));
  }
  const stillOpen = sockets.size;
  for (const socket of sockets) socket.destroy();
  return { connected: tally.get('connected'), cut_by_gateway: cutByServer, open_at_end: stillOpen };
};

/** The broadest list the filters allow, one page of 100, at the key's whole rate. */
const listFilters: Pattern = async (context) => {
  const tally = new Tally();
  const seconds = Math.max(1, (context.deadline - performance.now()) / 1000);
  const path =
    '/v1/deployments?status=pending&status=accepted&status=in_progress&status=completed&status=cancelled&status=expired&skill=copywriting&created_after=2000-01-01T00:00:00Z&limit=100';
  await runOpenLoop(context.allowedPerSecond, seconds, async () => tally.add((await context.client.request('GET', path, { key: context.key })).status));
  return { statuses: tally.toJSON() };
};

/** The endpoint's `test` action at the key's whole rate. */
const endpointTests: Pattern = async (context) => {
  const tally = new Tally();
  const seconds = Math.max(1, (context.deadline - performance.now()) / 1000);
  await runOpenLoop(context.allowedPerSecond, seconds, async () =>
    tally.add((await context.client.request('POST', `/v1/webhook_endpoints/${context.endpointId}/test`, { key: context.key })).status),
  );
  return { statuses: tally.toJSON() };
};

export const ABUSE_PATTERNS: readonly { name: string; run: Pattern }[] = [
  { name: 'event-stream replays from 0:0', run: replays },
  { name: 'as many event streams as allowed', run: streams },
  { name: 'anonymous 25 MB uploads', run: anonymousUploads },
  { name: 'slow anonymous bodies', run: slowBodies },
  { name: 'broadest list filters', run: listFilters },
  { name: 'endpoint tests', run: endpointTests },
];
