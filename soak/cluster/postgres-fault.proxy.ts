/**
 * The local cluster's way to PostgreSQL (deploy/local/cluster.sh): a TCP proxy on 127.0.0.1 that
 * every service's DATABASE_URL goes through, so the soak can take the database away from the
 * cluster alone, without restarting the server other work on this machine shares.
 *   SIGUSR1: cut. Every open connection is reset and new ones are refused, as a restarting server does.
 *   SIGHUP: stall. No byte goes through either way, old connections or new, and none is closed, as
 *     a network that stopped delivering; what was sent meanwhile (a COMMIT, a close) arrives on restore.
 *   SIGUSR2: restore. Connections are accepted again and whatever a stall held is delivered.
 *
 *   PROXY_PORT=3350 PROXY_TARGET=127.0.0.1:5432 node postgres-fault.proxy.js
 */
import { TcpProxy } from '../../test/support/tcp-proxy';

async function main(): Promise<void> {
  const port = Number(process.env.PROXY_PORT);
  const [host = '127.0.0.1', targetPort = '5432'] = (process.env.PROXY_TARGET ?? '127.0.0.1:5432').split(':');
  if (!Number.isInteger(port)) throw new Error('PROXY_PORT is required');
  const proxy = await TcpProxy.start({ host, port: Number(targetPort) }, port);
  process.stdout.write(`postgres proxy on 127.0.0.1:${port} → ${host}:${targetPort}\n`);
  // Signals arrive in order; each change waits for the one before it.
  let changes = Promise.resolve();
  const change = (what: string, apply: () => Promise<void>) => () => {
    changes = changes.then(apply).then(
      () => void process.stdout.write(`${new Date().toISOString()} ${what}\n`),
      (error: unknown) => void process.stderr.write(`${what} failed: ${String(error)}\n`),
    );
  };
  process.on(
    'SIGUSR1',
    change('cut', () => proxy.refuse()),
  );
  process.on(
    'SIGHUP',
    change('stalled', async () => proxy.pause()),
  );
  process.on(
    'SIGUSR2',
    change('restored', async () => {
      proxy.resume();
      await proxy.forward();
    }),
  );
  // While cut nothing listens, and Node would exit with nothing left to wait for: this keeps it up.
  const alive = setInterval(() => undefined, 60_000);
  const stop = (): void => {
    clearInterval(alive);
    void proxy.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('postgres proxy failed to start', error);
  process.exit(1);
});
