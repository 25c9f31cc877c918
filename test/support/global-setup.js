// End-to-end tests start the compiled services as separate processes: build them once.
const { execFileSync } = require('node:child_process');
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
};
