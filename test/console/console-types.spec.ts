import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/**
 * The console's typed client is generated from the gateway's OpenAPI documents: the
 * committed files must be exactly what `npm run console:types` writes today, so a change to an
 * endpoint shows up in the console's type check instead of at run time. The tool runs as its own
 * process on the dist/ Jest's global setup built (openapi-typescript loads ES modules Jest's
 * module system does not).
 */
describe('the generated API types: libs/sdk/src/generated/openapi.ts and apps/console/src/api/generated/console-api.ts', () => {
  it('are what npm run console:types generates from the current documents', async () => {
    const result = await run(process.execPath, [path.join(ROOT, 'tools/console-types.js'), '--check', '--no-build'], { cwd: ROOT }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? 1, stderr: error.stderr ?? '' }),
    );
    expect([result.code, result.stderr.split('\n').filter((line) => line.startsWith('console:types'))]).toEqual([0, []]);
  }, 60_000);
});
