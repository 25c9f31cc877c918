import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpsWebhookSender } from '@eh/delivery';
import { printFigures } from './bench-run';
import { inParallel } from './in-parallel';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const BODY = JSON.stringify({ id: 'evt_bench', object: 'event', type: 'deployment.completed', data: { object: { brief: 'x'.repeat(1200) } }, metadata: {} });
const HEADERS = {
  'content-type': 'application/json',
  'service-delivery': 'del_01M8J36YRS10WSZY9T6QBCFV70',
  'service-signature': `t=1764368000,v1=${'a'.repeat(64)}`,
};

type Post = () => Promise<number | null>;

/** The floor: a bare node:http POST on a keep-alive agent, status line awaited, body dropped. */
function bareNodeHttpPost(url: string): { post: Post; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const post: Post = () =>
    new Promise((resolve) => {
      const request = http.request(url, { method: 'POST', agent, headers: { ...HEADERS, 'content-length': Buffer.byteLength(BODY) } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? null);
      });
      request.on('error', () => resolve(null));
      request.end(BODY);
    });
  return { post, close: () => agent.destroy() };
}

/** `POSTS` posts, `IN_FLIGHT` at a time: this process's CPU per post (the receiver runs in another). */
async function round(post: Post): Promise<{ cpu_ms_per_post: number; posts_per_s: number }> {
  let failed = 0;
  const cpuFrom = process.cpuUsage();
  const wallFrom = performance.now();
  await inParallel(POSTS, IN_FLIGHT, async () => {
    if ((await post()) !== 200) failed++;
  });
  if (failed > 0) throw new Error(`${failed} posts were not answered 200`);
  const cpu = process.cpuUsage(cpuFrom);
  return {
    cpu_ms_per_post: Math.round(((cpu.user + cpu.system) / 1000 / POSTS) * 1000) / 1000,
    posts_per_s: Math.round(POSTS / ((performance.now() - wallFrom) / 1000)),
  };
}

/**
 * `npm run bench:webhook-sender`: the client CPU of one webhook POST with the service's sender
 * (undici's dispatcher) beside a bare node:http loop, alternating rounds in one run, the
 * receiver in a child process so only the client is counted.
 */
async function main(): Promise<void> {
  const receiver = fork(__filename, ['receiver']);
  try {
    const port = await new Promise<number>((resolve) => receiver.once('message', (message) => resolve(Number(message))));
    const url = `http://127.0.0.1:${port}/hook`;
    const sender = new HttpsWebhookSender({ timeoutMs: 10_000, allowPrivateUrls: true });
    const floor = bareNodeHttpPost(url);
    const contenders: Record<string, Post> = {
      sender: async () => (await sender.send({ url, body: BODY, headers: HEADERS })).status_code,
      bare_node_http: floor.post,
    };
    // Unmeasured: both are compiled and their connections opened first.
    for (const post of Object.values(contenders)) await round(post);
    const rounds: Record<string, { cpu_ms_per_post: number; posts_per_s: number }[]> = { sender: [], bare_node_http: [] };
    for (let index = 0; index < ROUNDS; index++) for (const [name, post] of Object.entries(contenders)) rounds[name].push(await round(post));
    sender.close();
    floor.close();
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const summary = Object.fromEntries(
      Object.entries(rounds).map(([name, list]) => [name, { median_cpu_ms_per_post: median(list.map((r) => r.cpu_ms_per_post)), rounds: list }]),
    );
    printFigures({ posts_per_round: POSTS, in_flight: IN_FLIGHT, ...summary });
  } finally {
    receiver.kill();
  }
}

function serveReceiver(): void {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
}

if (process.argv[2] === 'receiver') {
  serveReceiver();
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
