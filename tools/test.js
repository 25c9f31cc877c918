// `npm test`: the type checks and Jest at the same time. The checks take about 25 s on a fresh clone,
// most of it while Jest's global setup builds the services and the migrated template database, so
// running them one after the other only added their time to the suite's. The checks' output is
// printed whole when they end. A failed check fails the run, but Jest still finishes: stopping it midway
// would leave the service stacks its global teardown stops.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');

const typecheck = spawn(process.execPath, [path.join(__dirname, 'typecheck.js')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
let typecheckOutput = '';
typecheck.stdout.on('data', (chunk) => (typecheckOutput += chunk));
typecheck.stderr.on('data', (chunk) => (typecheckOutput += chunk));

const jest = spawn(process.execPath, [require.resolve('jest/bin/jest'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });

const typecheckPassed = new Promise((resolve) => {
  typecheck.on('close', (code) => {
    process.stdout.write(typecheckOutput);
    resolve(code === 0);
  });
});
const jestCode = new Promise((resolve) => jest.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

Promise.all([typecheckPassed, jestCode]).then(([typesPassed, code]) => {
  if (!typesPassed) process.stderr.write('npm test: the type check failed (its errors are printed above, where it ended)\n');
  process.exitCode = typesPassed ? code : 1;
});
