import fs from 'node:fs';
import path from 'node:path';
import type { Project, SourceFile } from './boundary-rules';

/** The repository the architecture specs read. */
export const ROOT = path.resolve(__dirname, '../..');

export function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Every project.json under apps/ and libs/, with its root and tags. */
export function projects(): Project[] {
  return ['apps', 'libs'].flatMap((top) =>
    fs
      .readdirSync(path.join(ROOT, top))
      .filter((name) => fs.existsSync(path.join(ROOT, top, name, 'project.json')))
      .map((name) => {
        const json = JSON.parse(fs.readFileSync(path.join(ROOT, top, name, 'project.json'), 'utf8')) as { name: string; tags?: string[] };
        return { name: json.name, root: `${top}/${name}`, tags: json.tags ?? [] };
      }),
  );
}

/** Every source file under apps/ or libs/, its path relative to the root with `/`. */
export function files(top: 'apps' | 'libs'): SourceFile[] {
  return [...sourceFiles(path.join(ROOT, top))].map((file) => ({
    path: path.relative(ROOT, file).split(path.sep).join('/'),
    source: fs.readFileSync(file, 'utf8'),
  }));
}
