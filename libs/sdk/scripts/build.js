// Builds the publishable package into dist/packages/sdk: `npm pack` there gives a
// tarball with no runtime dependencies. The webhook verification helper (libs/webhook-signature,
// dependency-free) is compiled into it, and its workspace alias rewritten to a relative path.
//   node libs/sdk/scripts/build.js      then: cd dist/packages/sdk && npm pack
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '../../..');
const sdk = path.join(root, 'libs/sdk');
const out = path.join(root, 'dist/packages/sdk');
const ALIAS = '@eh/webhook-signature';

fs.rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-p', path.join(sdk, 'tsconfig.build.json')], { stdio: 'inherit' });

/** Every compiled file of the SDK that names the alias gets the path to the compiled helper instead. */
function rewriteAlias(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) rewriteAlias(file);
    else if (/\.(js|d\.ts)$/.test(entry.name)) {
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes(ALIAS)) continue;
      let relative = path.relative(path.dirname(file), path.join(out, 'lib/webhook-signature/src/index')).split(path.sep).join('/');
      if (!relative.startsWith('.')) relative = `./${relative}`;
      fs.writeFileSync(file, text.split(`"${ALIAS}"`).join(`"${relative}"`).split(`'${ALIAS}'`).join(`'${relative}'`));
    }
  }
}
rewriteAlias(path.join(out, 'lib/sdk'));

fs.copyFileSync(path.join(sdk, 'package.json'), path.join(out, 'package.json'));
fs.copyFileSync(path.join(sdk, 'README.md'), path.join(out, 'README.md'));
fs.cpSync(path.join(sdk, 'examples'), path.join(out, 'examples'), { recursive: true });
process.stdout.write(`built ${path.relative(root, out)}\n`);
