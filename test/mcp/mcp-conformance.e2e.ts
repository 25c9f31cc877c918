/**
 * The official conformance suite (`@modelcontextprotocol/conformance`, run offline as a
 * local CLI) against the Streamable HTTP transport, limited to the scenarios that apply to a
 * tools-only server. `npm run test:mcp-conformance` runs this file alone; no services are needed
 * (none of these scenarios calls a tool that reaches the API).
 *
 * Not applicable, and why (docs/decisions.md "MCP"):
 * - logging-set-level, completion-complete, resources-*, prompts-*: capabilities we do not offer.
 * - tools-call-*, json-schema-2020-12, elicitation-*, server-sse-polling: they call fixture tools of
 *   the suite's reference server (`test_simple_text`, `test_error_handling`, …), which a real server
 *   does not have; two of them "pass" on the SDK's "tool not found" error, which proves nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startMcpHttp, type McpHttpProcess } from './support/mcp-http-process';

const run = promisify(execFile);
const CLI = path.resolve(__dirname, '../../node_modules/@modelcontextprotocol/conformance/dist/index.js');
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

describe('MCP conformance (Streamable HTTP, tools-only scenarios)', () => {
  let server: McpHttpProcess;
  let outputDir: string;
  const results = new Map<string, Check[]>();

  beforeAll(async () => {
    // The tools list without an API: these scenarios never reach it.
    server = await startMcpHttp({ SERVICE_API_KEY: 'svc_test_conformance', SERVICE_BASE_URL: 'http://127.0.0.1:9' });
    outputDir = await mkdtemp(path.join(tmpdir(), 'mcp-conformance-'));
  });

  afterAll(async () => {
    await server?.stop();
    if (outputDir) await rm(outputDir, { recursive: true, force: true });
    const counts = [...results.values()].flat().filter((check) => check.status !== 'INFO');
    const passed = counts.filter((check) => check.status === 'SUCCESS').length;
    process.stdout.write(`MCP conformance: ${results.size} scenarios, ${passed}/${counts.length} checks passed\n`);
  });

  it.each(APPLICABLE)('%s', async (scenario) => {
    const scenarioDir = path.join(outputDir, scenario);
    // The CLI exits non-zero when a check fails; the checks themselves are asserted below.
    await run(process.execPath, [CLI, 'server', '--url', server.url, '--scenario', scenario, '-o', scenarioDir]).catch(() => undefined);
    const [runDir] = await readdir(scenarioDir);
    const checks = JSON.parse(await readFile(path.join(scenarioDir, runDir, 'checks.json'), 'utf8')) as Check[];
    results.set(scenario, checks);
    const graded = checks.filter((check) => check.status !== 'INFO');
    expect(graded.length).toBeGreaterThan(0);
    expect(graded.filter((check) => check.status !== 'SUCCESS').map((check) => `${check.id}: ${check.status} ${check.errorMessage ?? ''}`)).toEqual([]);
  });
});
