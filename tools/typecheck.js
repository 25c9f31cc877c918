// Type checks the server code and the console (two projects: the console is a browser app with its own
// compiler options) at the same time, each as strict as `tsc -p <project> --noEmit` alone: one check
// mostly waits on the other's CPU otherwise. Incremental: a file unchanged since the last check, and
// every file it depends on, is not checked again (the state is kept under node_modules/.cache).
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const PROJECTS = [
  { name: 'server', config: 'tsconfig.json' },
  { name: 'console', config: 'apps/console/tsconfig.json' },
];

function check({ name, config }) {
  const buildInfo = path.join(root, `node_modules/.cache/typecheck/${name}.tsbuildinfo`);
  const args = [tsc, '-p', config, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // Each project's errors printed together, not interleaved with the other's.
    child.on('close', (code) => {
      process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

Promise.all(PROJECTS.map(check)).then((passed) => {
  if (passed.every(Boolean)) return;
  const failed = PROJECTS.filter((_, index) => !passed[index]).map((project) => project.config);
  process.stderr.write(`typecheck failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
});
