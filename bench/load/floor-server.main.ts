import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Pool } from 'pg';
import { runBench } from '../bench-run';

/**
 * The floor `npm run bench:load` compares the service with: a bare Fastify route doing one
 * PostgreSQL insert, and one GET by primary key, in its own process so its CPU is counted apart.
 * Reads DATABASE_URL and PORT; prints `ready` once listening.
 */
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query('CREATE TABLE IF NOT EXISTS floor_items (id text PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
  const app = Fastify({ logger: false });
  app.post('/items', async (request, reply) => {
    const id = randomUUID();
    await pool.query('INSERT INTO floor_items (id, body) VALUES ($1, $2)', [id, JSON.stringify(request.body)]);
    return reply.code(201).send({ id });
  });
  app.get<{ Params: { id: string } }>('/items/:id', async (request, reply) => {
    const { rows } = await pool.query('SELECT id, body, created_at FROM floor_items WHERE id = $1', [request.params.id]);
    return rows[0] ? rows[0] : reply.code(404).send({ error: 'not found' });
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}

runBench(main);
