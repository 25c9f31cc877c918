// Compiles apps/ and libs/ to dist/ with swc (type checking is `npm run typecheck`).
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');
const { root, swcConfig } = require('./swc-config');

const config = swcConfig();
const outDir = path.join(root, 'dist');

// The console is a browser app with its own build (Vite: `npm run console:build`, tools/console-build.js).
const SKIPPED_DIRS = new Set([path.join(root, 'apps/console')]);

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(full)) yield* sources(full);
    } else if (/\.ts$/.test(entry.name) && !/\.(spec|int|e2e)\.ts$/.test(entry.name)) yield full;
    else if (/\.(sql|md|html)$/.test(entry.name)) yield full;
  }
}

async function main() {
  const files = ['apps', 'libs', 'bench', 'soak', 'test/support'].flatMap((top) => [...sources(path.join(root, top))]);
  await Promise.all(
    files.map(async (file) => {
      const relative = path.relative(root, file);
      const target = path.join(outDir, relative.replace(/\.ts$/, '.js'));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (!file.endsWith('.ts')) return fs.copyFileSync(file, target.replace(/\.js$/, path.extname(file)));
      const { code, map } = await swc.transformFile(file, { ...config, filename: file, sourceFileName: path.relative(path.dirname(target), file) });
      fs.writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map`);
      if (map) fs.writeFileSync(`${target}.map`, map);
    }),
  );
  process.stdout.write(`built ${files.length} files into dist/\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
