// `npm run console:build`: the expert console (apps/console) with Vite into dist/console/,
// which the gateway serves under /console/. Skipped when its inputs have not changed since the
// last build (a hash kept beside the output), so `npm start` and the test setup stay fast.
//   node tools/console-build.js          build when stale
//   node tools/console-build.js --force  build anyway
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { root } = require('./swc-config');

const APP = path.join(root, 'apps/console');
const OUT = path.join(root, 'dist/console');
const STAMP = path.join(OUT, '.inputs-sha256');

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Every source of the console, its configuration, this script and the locked dependency versions. */
function inputsHash() {
  const hash = crypto.createHash('sha256');
  for (const file of [...files(APP), __filename, path.join(root, 'package-lock.json')]) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

async function main() {
  const hash = inputsHash();
  const force = process.argv.includes('--force');
  if (!force && fs.existsSync(path.join(OUT, 'index.html')) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash) {
    process.stdout.write('console: dist/console is up to date\n');
    return;
  }
  // Always a production build, whoever calls (Jest sets NODE_ENV=test, which would make Vite
  // bundle React's development build: twice the size, and not what the gateway should serve).
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({ configFile: path.join(APP, 'vite.config.mjs'), mode: 'production', logLevel: 'warn' });
  fs.writeFileSync(STAMP, hash);
  process.stdout.write('console: built dist/console\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
