import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './repository';

/** The most lines a hand-written source file may have: past it, a file does more than one thing. */
const MAX_LINES = 300;
const SOURCE_FOLDERS = ['apps', 'libs', 'bench', 'soak', 'test', 'tools'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
/** Written by a tool (OpenAPI types, the console's API types), not by hand. */
const GENERATED = /(^|\/)generated\//;

/** Lines as an editor numbers them: a last line without its newline counts too. */
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function overLongFiles(files: readonly { path: string; source: string }[]): string[] {
  return files
    .filter((file) => SOURCE.test(file.path) && !GENERATED.test(file.path))
    .filter((file) => lineCount(file.source) > MAX_LINES)
    .map((file) => `${file.path}: ${lineCount(file.source)} lines (at most ${MAX_LINES}: split it by what it does)`);
}

function trackedSources(): { path: string; source: string }[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...SOURCE_FOLDERS], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => SOURCE.test(file) && fs.existsSync(path.join(ROOT, file)))
    .map((file) => ({ path: file, source: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
}

describe('file length', () => {
  it(`no hand-written source file has more than ${MAX_LINES} lines`, () => {
    const sources = trackedSources();
    expect(sources.length).toBeGreaterThan(500);
    expect(overLongFiles(sources)).toEqual([]);
  });

  it('counts a last line without its newline, and leaves generated files and other text alone', () => {
    const lines = (count: number) => 'x\n'.repeat(count);
    expect(
      overLongFiles([
        { path: 'libs/a/src/fits.ts', source: lines(300) },
        { path: 'libs/a/src/long.ts', source: lines(301) },
        { path: 'libs/a/src/long-without-last-newline.tsx', source: `${lines(300)}x` },
        { path: 'libs/sdk/src/generated/openapi.ts', source: lines(5000) },
        { path: 'docs/notes.md', source: lines(5000) },
      ]),
    ).toEqual([
      'libs/a/src/long.ts: 301 lines (at most 300: split it by what it does)',
      'libs/a/src/long-without-last-newline.tsx: 301 lines (at most 300: split it by what it does)',
    ]);
  });
});
