import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SERVICE_LAYOUTS, serviceLayoutFromEnv } from './service-layout';

/**
 * `npm start`: the services on this machine in the processes SERVICE_LAYOUT names (by default
 * the gateway and one workers process), each restarted if it dies (a crash loses nothing: every
 * durable effect is an event or a job), stopped together on Ctrl-C.
 */
const PROCESSES = (() => {
  try {
    return SERVICE_LAYOUTS[serviceLayoutFromEnv()];
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
})();
const DIST = path.resolve(__dirname, '../..');
const children = new Map<string, ChildProcess>();
let stopping = false;
/**
 * The gateway and the webhooks service sign attachment URLs the other must verify:
 * without a configured key, one drawn here for this run is shared by every child.
 */
const env = { ...process.env, ATTACHMENT_URL_SECRET: process.env.ATTACHMENT_URL_SECRET || randomBytes(32).toString('hex') };

function start(name: string, restarts = 0): void {
  const child = spawn(process.execPath, [path.join(DIST, name, 'src/main.js')], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const prefix = `[${name}] `;
  const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) => target.write(chunk.toString().replace(/^(?=.)/gm, prefix));
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));
  children.set(name, child);
  const startedAt = Date.now();
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // Back off when it keeps dying at once (a missing server), not after a long good run.
    const quick = Date.now() - startedAt < 5000;
    const delay = quick ? Math.min(30_000, 500 * 2 ** restarts) : 500;
    process.stderr.write(`${prefix}exited (${signal ?? code}); restarting in ${delay} ms\n`);
    setTimeout(() => start(name, quick ? restarts + 1 : 0), delay);
  });
}

function stopAll(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  const alive = [...children.values()].filter((child) => child.exitCode === null && child.signalCode === null);
  let remaining = alive.length;
  if (remaining === 0) process.exit(0);
  for (const child of alive) {
    child.once('exit', () => {
      remaining -= 1;
      if (remaining === 0) process.exit(0);
    });
    child.kill(signal);
  }
  setTimeout(() => process.exit(1), 12_000).unref();
}

process.on('SIGINT', () => stopAll('SIGTERM'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const name of PROCESSES) start(name);
