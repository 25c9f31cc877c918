/**
 * In production the gateway refuses to start on a plain-http public address: its session cookie
 * would travel without `Secure`. The compiled gateway (Jest's global setup builds it) is spawned as
 * `npm start` would run it; it must exit before it opens any connection.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function startGateway(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/apps/gateway/src/main.js')], {
      // A port and databases nobody uses: the gateway must stop before it reaches any of them.
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        NATS_URL: 'nats://127.0.0.1:1',
        REDIS_URL: 'redis://127.0.0.1:1',
        GATEWAY_PORT: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the gateway did not stop: ${output.slice(-2000)}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production gateway on a plain-http public address', () => {
  it('refuses to start, saying which setting to fix', async () => {
    const started = await startGateway({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://api.example.com' });
    expect(started.code).toBe(1);
    expect(started.output).toContain('PUBLIC_BASE_URL must be an https address when NODE_ENV=production');
    expect(started.output).toContain('TLS_TERMINATED_BY_PROXY=true');
  }, 40_000);

  it('refuses the default address (http on the gateway’s own host) too', async () => {
    const env: Record<string, string> = { NODE_ENV: 'production', PUBLIC_BASE_URL: '' };
    const started = await startGateway(env);
    expect(started.code).toBe(1);
    expect(started.output).toContain('PUBLIC_BASE_URL must be an https address');
  }, 40_000);
});
