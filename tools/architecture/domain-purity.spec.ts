import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FORBIDDEN = /from '(@nestjs\/[^']*|nats|bullmq|ioredis|pg|fastify|@eh\/(platform|event-store|runtime))'/;
const IMPURE = /\bnew Date\(\)|Date\.now\(\)|\bulid\(|newId\(|Math\.random\(/;

function* domainFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* domainFiles(full);
    else if (entry.name.endsWith('.ts') && !/\.(spec|int)\.ts$/.test(entry.name) && full.includes(`${path.sep}domain${path.sep}`)) yield full;
  }
}

/** libs/<context>/domain is pure TypeScript; time and ids come in with commands. */
describe('domain purity', () => {
  const files = [...domainFiles(path.join(ROOT, 'libs'))];

  it('finds the domain folders', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files.map((file) => [path.relative(ROOT, file)]))('%s imports no adapter and reads no clock', (file) => {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    expect(source).not.toMatch(FORBIDDEN);
    expect(source).not.toMatch(IMPURE);
  });
});
