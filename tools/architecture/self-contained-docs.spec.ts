import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** Written so this file does not match itself. */
const CITATION = ['issue [0-9]+', 'STYLE\\.md', 'DESIGN\\.md', 'SPEC\\.md', '\\.\\./shared'].join('|');

/**
 * The repository explains itself: a comment says why in words a stranger understands, history
 * lives in git and docs/decisions.md, and nothing points at notes that are not in the repository.
 */
describe('self-contained code and docs', () => {
  it('cites no issue numbers, no design or interface notes and no path from outside the repository', () => {
    let found = '';
    try {
      found = execFileSync('git', ['grep', '-niE', CITATION, '--', 'apps', 'libs', 'test', 'bench', 'soak', 'tools', 'deploy', 'docs', 'README.md'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    } catch (error) {
      // git grep exits with 1 when nothing matches, which is what we want.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(found).toBe('');
  });
});
