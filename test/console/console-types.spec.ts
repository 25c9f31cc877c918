import fs from 'node:fs';
import path from 'node:path';
import { startOfflineGateway, type OfflineGateway } from '../../apps/gateway/src/openapi/testing/offline-gateway';

interface ConsoleTypesTool {
  DOCUMENTS: Record<string, string>;
  OUT_DIR: string;
  renderTypes(document: unknown): Promise<string>;
  fetchDocuments(app: OfflineGateway['app']): Promise<Record<string, unknown>>;
}
// tools/ is plain CommonJS (it runs before anything is compiled).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tool = require('../../tools/console-types.js') as ConsoleTypesTool;

/**
 * The console's typed client is generated from the gateway's OpenAPI documents (issue 12): the
 * committed files must be exactly what `npm run console:types` writes today, so a change to an
 * endpoint shows up in the console's type check instead of at run time.
 */
describe('apps/console/src/api/generated', () => {
  let gateway: OfflineGateway;
  let documents: Record<string, unknown>;

  beforeAll(async () => {
    gateway = await startOfflineGateway();
    documents = await tool.fetchDocuments(gateway.app);
  });
  afterAll(() => gateway?.app.close());

  it.each(['public', 'expert'])('%s.ts is generated from the current document (run npm run console:types)', async (name) => {
    expect(documents[name]).toBeDefined();
    const file = path.join(tool.OUT_DIR, `${name}.ts`);
    expect(fs.existsSync(file)).toBe(true);
    const current = fs.readFileSync(file, 'utf8');
    const expected = await tool.renderTypes(documents[name]);
    // Compare line counts first: a readable failure, rather than two 200 KB strings.
    expect(current.split('\n').length).toBe(expected.split('\n').length);
    expect(current === expected).toBe(true);
  });
});
