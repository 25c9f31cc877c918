/**
 * The MCP tools beyond the five published ones (quote, cancel, list deployments, usage
 * thresholds, handoff, brand memory), the task tool, the brief prompt, and tool schemas that
 * pass the MCP Inspector's `--strict` portability rules, over stdio against the running services.
 */
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import type { RunningServices } from '../support/service-harness';
import { callTool, errorOf, type McpSession } from './support/mcp-client';
import { startStdioSuite, stopStdioSuite } from './support/stdio-suite';

const NEW_TOOLS = [
  'service.cancel_deployment',
  'service.get_usage_thresholds',
  'service.list_deployments',
  'service.open_handoff',
  'service.quote_deployment',
  'service.read_brand_memory',
  'service.wait_for_deployment',
  'service.write_brand_memory',
];

/** The Inspector's `--strict` rules (type-union, untyped-schema, boolean-schema, remote-ref), for every subschema. */
function portabilityFindings(schema: unknown, path: string, findings: string[]): string[] {
  if (typeof schema === 'boolean') findings.push(`${path}: boolean schema`);
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return findings;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.type)) findings.push(`${path}: type array ${JSON.stringify(node.type)}`);
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) findings.push(`${path}: remote $ref`);
  const constrains = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', 'properties', 'items'].some((keyword) => keyword in node);
  if (!constrains) findings.push(`${path}: untyped schema`);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) portabilityFindings(sub, `${path}.properties.${name}`, findings);
    } else if (['items', 'additionalProperties', 'not'].includes(key) && typeof value === 'object') {
      portabilityFindings(value, `${path}.${key}`, findings);
    } else if (['anyOf', 'oneOf', 'allOf'].includes(key) && Array.isArray(value)) {
      value.forEach((sub, index) => portabilityFindings(sub, `${path}.${key}[${index}]`, findings));
    }
  }
  return findings;
}

describe('MCP tools beyond the five', () => {
  let services: RunningServices;
  let mcp: McpSession;

  beforeAll(async () => {
    ({ services, mcp } = await startStdioSuite('mcp-agent-tools'));
  });

  afterAll(() => stopStdioSuite(mcp, services));

  it('lists the new tools beside the five, every schema portable (no type arrays, nothing untyped)', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(NEW_TOOLS));
    const findings = tools.flatMap((tool) => [
      ...portabilityFindings(tool.inputSchema, `${tool.name}.inputSchema`, []),
      ...portabilityFindings(tool.outputSchema, `${tool.name}.outputSchema`, []),
    ]);
    expect(findings).toEqual([]);
    expect(tools.find((tool) => tool.name === 'service.wait_for_deployment')?.execution).toEqual({ taskSupport: 'required' });
  });

  it('quote → deploy → list → cancel', async () => {
    const args = {
      brief: 'Name our newsletter.',
      skills: ['copywriting'],
      urgency: 'scheduled',
      scheduled_for: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const quote = await callTool<{ available: boolean; credits_reserved: number; expert: { id: string } | null }>(mcp.client, 'service.quote_deployment', args);
    expect(quote.isError).toBe(false);
    expect(quote.structured).toMatchObject({ available: true, credits_reserved: 0, expert: { id: 'spec_00000000000000000000000000' } });
    expect(quote.text).toContain('Nothing was created');

    const created = await callTool<{ id: string; status: string }>(mcp.client, 'service.deploy_specialist', args);
    const listed = await callTool<{ deployments: { id: string; resource_uri: string }[] }>(mcp.client, 'service.list_deployments', { status: ['pending'] });
    expect(listed.structured.deployments).toEqual([
      expect.objectContaining({ id: created.structured.id, resource_uri: `deployment://${created.structured.id}` }),
    ]);

    const cancelled = await callTool<{ status: string }>(mcp.client, 'service.cancel_deployment', {
      deployment_id: created.structured.id,
      reason: 'Not needed.',
    });
    expect(cancelled.structured.status).toBe('cancelled');
    const again = await callTool(mcp.client, 'service.cancel_deployment', { deployment_id: created.structured.id, reason: 'Not needed.' });
    expect(again.isError).toBe(false);
    const invalid = await callTool(mcp.client, 'service.quote_deployment', { brief: 'x', skills: ['Not A Tag'] });
    expect([invalid.isError, errorOf(invalid).code, errorOf(invalid).param]).toEqual([true, 'invalid_request', 'skills']);
  });

  it('hands over an output_schema and gets the typed answer back as structuredContent', async () => {
    const schema = {
      type: 'object',
      required: ['variants', 'chosen', 'tone'],
      properties: {
        variants: { type: 'array', minItems: 3, items: { type: 'string', maxLength: 60 } },
        chosen: { type: 'integer', minimum: 0, maximum: 2 },
        tone: { enum: ['playful', 'serious', 'warm'] },
      },
    };
    const created = await callTool<{ id: string }>(mcp.client, 'service.deploy_specialist', {
      brief: 'Three headline variants.',
      skills: ['copywriting'],
      output_schema: schema,
    });
    expect(created.isError).toBe(false);
    const checked = await callTool<{ status: string; output: { data?: unknown } | null }>(mcp.client, 'service.check_deployment', {
      deployment_id: created.structured.id,
      wait_seconds: 20,
    });
    expect(checked.structured.status).toBe('completed');
    expect(new Ajv2020({ strict: false }).validate(schema, checked.structured.output?.data)).toBe(true);
    expect(checked.text).toContain('Typed answer');
    const refused = await callTool(mcp.client, 'service.deploy_specialist', {
      brief: 'x',
      skills: ['copywriting'],
      output_schema: { type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } },
    });
    expect([refused.isError, errorOf(refused).code, errorOf(refused).param]).toEqual([true, 'invalid_request', 'output_schema']);
  });

  it('writes and reads brand memory, opens a handoff that reads it, and reads the usage thresholds', async () => {
    const written = await callTool(mcp.client, 'service.write_brand_memory', { key: 'brand.voice', kind: 'voice', body: 'Dry, warm, short.' });
    expect(written.structured).toMatchObject({ key: 'brand.voice', kind: 'voice', body: 'Dry, warm, short.' });
    const read = await callTool<{ entries: { key: string }[] }>(mcp.client, 'service.read_brand_memory', {});
    expect(read.structured.entries.map((entry) => entry.key)).toEqual(['brand.voice']);
    const one = await callTool(mcp.client, 'service.read_brand_memory', { key: 'brand.voice' });
    expect(one.text).toContain('Dry, warm, short.');

    const handoff = await callTool<{ id: string; deployment_id: string }>(mcp.client, 'service.open_handoff', {
      surface: 'editor.sidebar',
      outcome: 'copywriting',
      return: 'hero-copy.md',
      goal: 'Rewrite the hero. Keep it short.',
      memory_keys: ['brand.voice'],
    });
    expect(handoff.isError).toBe(false);
    expect(handoff.structured.id).toMatch(/^hnd_/);
    expect(handoff.structured.deployment_id).toMatch(/^dep_/);

    // The harness's plan: a cycle cap of 100,000,000 credits, none used.
    const thresholds = await callTool<{ thresholds: { percent: number; credits: number; reached: boolean }[] }>(mcp.client, 'service.get_usage_thresholds', {});
    expect(thresholds.isError).toBe(false);
    expect(thresholds.structured.thresholds).toEqual([
      expect.objectContaining({ percent: 50, credits: 50_000_000, reached: false }),
      expect.objectContaining({ percent: 80, credits: 80_000_000, reached: false }),
      expect.objectContaining({ percent: 95, credits: 95_000_000, reached: false }),
    ]);
  });

  it('waits as a task: created at once, its result the deployment once it needs input', async () => {
    const created = await callTool<{ id: string }>(mcp.client, 'service.deploy_specialist', {
      brief: 'Write a tagline.',
      skills: ['copywriting'],
      metadata: { test_script: 'ask_question', test_question: 'Which city?' },
    });
    const stream = mcp.client.experimental.tasks.callToolStream(
      { name: 'service.wait_for_deployment', arguments: { deployment_id: created.structured.id } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    );
    const kinds: string[] = [];
    let result: { structuredContent?: Record<string, unknown> } | undefined;
    for await (const message of stream) {
      kinds.push(message.type);
      if (message.type === 'result') result = message.result;
      if (message.type === 'error') throw message.error;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(result?.structuredContent).toMatchObject({ id: created.structured.id, status: 'needs_input', question: { body: 'Which city?' } });
  });

  it('has a prompt that guides a good brief', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('service.write_brief');
    const prompt = await mcp.client.getPrompt({ name: 'service.write_brief', arguments: { task: 'A tagline for a bakery', audience: 'locals' } });
    const text = prompt.messages.map((message) => (message.content.type === 'text' ? message.content.text : '')).join('\n');
    expect(text).toContain('A tagline for a bakery');
    expect(text).toContain('service.quote_deployment');
  });
});
