import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'lock-drift-'));
const committed = {
  packages: {
    '': { name: 'app', dependencies: { zod: '^3' } },
    'node_modules/zod': { version: '3.0.0' },
    'node_modules/@swc/core-linux-x64-gnu': { version: '1.0.0', optional: true },
  },
};

function driftBetween(resolved: object): { exitCode: number; stderr: string } {
  const committedPath = join(dir, 'committed.json');
  const resolvedPath = join(dir, 'resolved.json');
  writeFileSync(committedPath, JSON.stringify(committed));
  writeFileSync(resolvedPath, JSON.stringify(resolved));
  try {
    execFileSync(process.execPath, [join(__dirname, 'lock-drift.js'), committedPath, resolvedPath], { stdio: 'pipe' });
    return { exitCode: 0, stderr: '' };
  } catch (error) {
    const failure = error as { status: number; stderr: Buffer };
    return { exitCode: failure.status, stderr: failure.stderr.toString() };
  }
}

describe('lock-drift', () => {
  it('accepts a resolved lock that adds another platform’s optional build', () => {
    const withDarwin = {
      packages: { ...committed.packages, 'node_modules/@swc/core-darwin-arm64': { version: '1.0.0', optional: true } },
    };
    expect(driftBetween(withDarwin).exitCode).toBe(0);
  });

  it('accepts a resolved lock that drops an optional build the registry no longer serves', () => {
    const { 'node_modules/@swc/core-linux-x64-gnu': _dropped, ...rest } = committed.packages;
    expect(driftBetween({ packages: rest }).exitCode).toBe(0);
  });

  it('refuses a resolved lock that changes a required package, naming it', () => {
    const bumped = { packages: { ...committed.packages, 'node_modules/zod': { version: '3.1.0' } } };
    const result = driftBetween(bumped);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('node_modules/zod');
  });

  it('refuses a resolved lock that adds a required package', () => {
    const added = { packages: { ...committed.packages, 'node_modules/left-pad': { version: '1.0.0' } } };
    expect(driftBetween(added).exitCode).toBe(1);
  });

  it('refuses a resolved lock whose root declares other dependencies', () => {
    const rootChanged = { packages: { ...committed.packages, '': { name: 'app', dependencies: { zod: '^4' } } } };
    expect(driftBetween(rootChanged).stderr).toContain('(root)');
  });
});
