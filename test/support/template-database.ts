import { allMigrations } from '@eh/runtime';
import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';

/** Where a Jest run's global setup leaves the name of its migrated template (test/support/global-setup.js). */
export const TEMPLATE_DATABASE_ENV = 'EH_TEST_TEMPLATE_DATABASE';

/**
 * A database with every context's migrations applied, for one test run: each service stack is a
 * copy of it (CREATE DATABASE … TEMPLATE), so no stack spends its boot migrating. The services
 * still run their migrations at start and find them applied (their own extra tables included).
 */
export async function createTemplateDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  try {
    await runMigrations(database.pool, allMigrations);
  } catch (error) {
    await database.drop();
    throw error;
  }
  // A template may be copied only while nobody is connected to it.
  await database.pool.end();
  return database;
}

/** The template of this run, when a global setup made one (benchmarks start from an empty database). */
export function runTemplateDatabase(): string | undefined {
  return process.env[TEMPLATE_DATABASE_ENV] || undefined;
}
