// End-to-end tests start the compiled services as separate processes: build them once.
const { execFileSync, spawn } = require('node:child_process');
const { mkdirSync } = require('node:fs');
const { randomBytes } = require('node:crypto');
const path = require('node:path');

module.exports = async () => {
  execFileSync(process.execPath, [path.join(__dirname, '../../tools/build.js')], { stdio: 'inherit' });
  // The gateway serves the built console (test/console); skipped when apps/console has not changed.
  execFileSync(process.execPath, [path.join(__dirname, '../../tools/console-build.js')], { stdio: 'inherit' });
  // Workers inherit these variables: the run's token names its shared stacks (shared-services.ts),
  // and its migrated template is what every stack's database copies (template-database.ts).
  const { TEST_RUN_ENV } = require('../../dist/test/support/stack-registry');
  const { createTemplateDatabase, TEMPLATE_DATABASE_ENV } = require('../../dist/test/support/template-database');
  process.env[TEST_RUN_ENV] = `run-${process.pid}-${randomBytes(4).toString('hex')}`;
  const template = await createTemplateDatabase();
  process.env[TEMPLATE_DATABASE_ENV] = template.name;
  globalThis.templateDatabase = template;
  globalThis.opsServer = await startOpsServer();
};

/** The run's ops server (test/support/ops-server.ts): workers send it the ops commands it serves instead of spawning the CLI. */
async function startOpsServer() {
  const { runDirectory } = require('../../dist/test/support/stack-registry');
  const { OPS_SOCKET_ENV } = require('../../dist/test/support/ops-client');
  mkdirSync(runDirectory(), { recursive: true });
  const socketPath = path.join(runDirectory(), 'ops.sock');
  const server = spawn(process.execPath, [path.join(__dirname, '../../dist/test/support/ops-server.js'), socketPath], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`the ops server exited with ${code} before it was ready`)));
  });
  process.env[OPS_SOCKET_ENV] = socketPath;
  return server;
}
