// End-to-end tests start the compiled services as separate processes: build them once.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = async () => {
  execFileSync(process.execPath, [path.join(__dirname, '../../tools/build.js')], { stdio: 'inherit' });
  // The gateway serves the built console (test/console); skipped when apps/console has not changed.
  execFileSync(process.execPath, [path.join(__dirname, '../../tools/console-build.js')], { stdio: 'inherit' });
};
