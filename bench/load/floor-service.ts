import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase } from '@eh/platform/testing';
import { freePort } from '../../test/support/free-port';

/**
 * The floor the load bench measures the service against: a bare Fastify route with one PostgreSQL
 * insert and one GET by primary key, in its own process on its own database.
 */
export async function startFloor(): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const database = await createTestDatabase();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(__dirname, 'floor-server.main.js')], {
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await database.drop();
    },
  };
}
