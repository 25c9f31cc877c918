/**
 * The SDK as a partner gets it. `npm pack` of the built package installs offline into
 * an empty folder with nothing else (no runtime dependencies), and its example agent runs there
 * against the running services: quote, hand-off, the expert's question answered, output printed.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const PACKAGE_DIR = path.join(ROOT, 'dist/packages/sdk');

describe('@expert-handoff/sdk as a packed npm package', () => {
  let services: RunningServices;
  let folder: string;

  beforeAll(async () => {
    services = await sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-pack-'));
  });

  afterAll(async () => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    await services?.stop();
  });

  it('packs, installs into an empty folder offline, and its example agent completes a handoff', async () => {
    await run(process.execPath, [path.join(ROOT, 'libs/sdk/scripts/build.js')]);
    const { stdout: packed } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: PACKAGE_DIR });
    const [tarball] = JSON.parse(packed) as { filename: string; files: { path: string }[] }[];
    expect(tarball.files.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'lib/sdk/src/index.js',
        'lib/sdk/src/index.d.ts',
        'lib/webhook-signature/src/index.js',
        'lib/sdk/examples/handoff-agent.js',
      ]),
    );

    const app = path.join(folder, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'sdk-consumer', version: '1.0.0', private: true }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(folder, tarball.filename)], { cwd: app });
    // Nothing came with it: the package is the only thing installed.
    expect(fs.readdirSync(path.join(app, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['@expert-handoff']);

    const workspace = await services.ops<{ keys: { test: string } }>('workspace:create', '--name', 'sdk-pack');
    const example = path.join(app, 'node_modules/@expert-handoff/sdk/lib/sdk/examples/handoff-agent.js');
    const { stdout } = await run(process.execPath, [example], {
      cwd: app,
      env: { ...process.env, SERVICE_API_KEY: workspace.keys.test, SERVICE_BASE_URL: services.baseUrl },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^quote: /m);
    expect(stdout).toMatch(/^handed off dep_/m);
    expect(stdout).toContain('the expert asks: Which audience should this speak to first?');
    expect(stdout).toMatch(/^completed by Test-mode synthesizer/m);
  });
});
