import fs from 'node:fs';
import path from 'node:path';

const GATEWAY_SOURCE = path.resolve(__dirname, '../../..', 'src');

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

describe('request DTO names', () => {
  // The documents' request schemas are read from class-validator's metadata by class name: two
  // DTOs of one name would publish one's fields under the other's operation.
  it('are unique across the gateway', () => {
    const files = new Map<string, string[]>();
    for (const file of sourceFiles(GATEWAY_SOURCE))
      for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/^export (?:abstract )?class (\w+Dto)\b/gm))
        files.set(name, [...(files.get(name) ?? []), path.relative(GATEWAY_SOURCE, file)]);
    expect(files.size).toBeGreaterThan(20);
    expect([...files].filter(([, where]) => where.length > 1)).toEqual([]);
  });
});
