/**
 * The real MCP server over stdio, driven by the SDK's own client against the running
 * services, as a desktop host would.
 */
import type { RunningServices } from '../support/service-harness';
import { callTool, connectStdio, errorOf, type McpSession } from './support/mcp-client';
import type { Workspace } from '../support/workspace';
import { addExpertWithCli } from '../support/ops-expert-add';
import { startStdioSuite, stopStdioSuite } from './support/stdio-suite';

interface DeploymentOut {
  id: string;
  status: string;
  next_action: string;
  question: { body: string } | null;
  reply: { body: string } | null;
  output: { body: string } | null;
  as_of: string;
  replayed: boolean;
}

/** The five published tools, names and shapes unchanged; the tools come beside them (test/mcp/mcp-agent-tools.e2e.ts). */
const TOOLS = ['service.check_deployment', 'service.deploy_specialist', 'service.get_usage', 'service.list_specialists', 'service.reply_to_deployment'];

const SKILL = 'mcp-stdio-copywriting';

describe('MCP server over stdio', () => {
  let services: RunningServices;
  let mcp: McpSession;

  beforeAll(async () => {
    ({ services, mcp } = await startStdioSuite('mcp'));
  });

  afterAll(() => stopStdioSuite(mcp, services));

  it('lists the five tools with the published names, descriptions, input and output schemas', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(TOOLS));
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      for (const property of Object.values(tool.inputSchema.properties ?? {})) expect(property).toHaveProperty('description');
    }
    const deploy = tools.find((tool) => tool.name === 'service.deploy_specialist');
    expect(deploy?.inputSchema.required?.sort()).toEqual(['brief', 'skills']);
    expect(Object.keys(deploy?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['brief', 'skills', 'context_url', 'urgency', 'scheduled_for', 'metadata']),
    );
  });

  it('deploy_specialist → check_deployment (waiting) → completed with the output', async () => {
    const brief = 'Write a tagline for a bakery in Lyon.';
    const created = await callTool<DeploymentOut>(mcp.client, 'service.deploy_specialist', { brief, skills: ['copywriting'], metadata: { case: 'complete' } });
    expect(created.isError).toBe(false);
    expect(created.structured).toMatchObject({ status: 'pending', next_action: 'wait', replayed: false });
    expect(created.text).toContain('service.check_deployment');

    const done = await callTool<DeploymentOut>(mcp.client, 'service.check_deployment', { deployment_id: created.structured.id, wait_seconds: 30 });
    expect(done.structured).toMatchObject({ id: created.structured.id, status: 'completed', next_action: 'none' });
    expect(done.structured.output?.body).toContain(brief);
    expect(done.text).toContain('completed');
    expect(done.text).toContain(brief);
  });

  it('a clarifying question: needs_input, answered with reply_to_deployment, then completed', async () => {
    const created = await callTool<DeploymentOut>(mcp.client, 'service.deploy_specialist', {
      brief: 'Name a new bicycle bell.',
      skills: ['copywriting'],
      metadata: { test_script: 'ask_question', test_question: 'Formal or playful?' },
    });
    const id = created.structured.id;
    const asked = await callTool<DeploymentOut>(mcp.client, 'service.check_deployment', { deployment_id: id, wait_seconds: 30 });
    expect(asked.structured).toMatchObject({ status: 'needs_input', next_action: 'reply', question: { body: 'Formal or playful?' } });
    expect(asked.text).toContain('Formal or playful?');
    expect(asked.text).toContain('service.reply_to_deployment');

    const replied = await callTool<DeploymentOut>(mcp.client, 'service.reply_to_deployment', { deployment_id: id, body: 'Playful.' });
    expect(replied.isError).toBe(false);
    expect(replied.structured).toMatchObject({ status: 'in_progress', reply: { body: 'Playful.' } });
    // The host retries the same call: the derived Idempotency-Key returns the first answer, not a 409.
    expect((await callTool(mcp.client, 'service.reply_to_deployment', { deployment_id: id, body: 'Playful.' })).isError).toBe(false);

    const done = await callTool<DeploymentOut>(mcp.client, 'service.check_deployment', { deployment_id: id, wait_seconds: 30 });
    expect(done.structured).toMatchObject({ status: 'completed', question: { body: 'Formal or playful?' }, reply: { body: 'Playful.' } });

    const again = await callTool(mcp.client, 'service.reply_to_deployment', { deployment_id: id, body: 'Something else.' });
    expect(again.isError).toBe(true);
    expect(errorOf(again)).toMatchObject({ code: 'deployment_not_awaiting_input', status: 409 });
  });

  it('never polls faster than every 5 s: an immediate second check serves the same reading', async () => {
    const created = await callTool<DeploymentOut>(mcp.client, 'service.deploy_specialist', {
      brief: 'Shorten this headline.',
      skills: ['editing'],
      metadata: { test_duration_seconds: 30 },
    });
    const first = await callTool<DeploymentOut>(mcp.client, 'service.check_deployment', { deployment_id: created.structured.id });
    const second = await callTool<DeploymentOut>(mcp.client, 'service.check_deployment', { deployment_id: created.structured.id });
    expect(second.structured.as_of).toBe(first.structured.as_of);
  });

  it('a repeated deploy (host retry) returns the same deployment; a new idempotency_key creates another', async () => {
    const args = { brief: 'Proofread our returns policy.', skills: ['editing'], urgency: 'priority' };
    const first = await callTool<DeploymentOut>(mcp.client, 'service.deploy_specialist', args);
    const retry = await callTool<DeploymentOut>(mcp.client, 'service.deploy_specialist', args);
    expect(retry.structured).toMatchObject({ id: first.structured.id, replayed: true });
    const another = await callTool<DeploymentOut>(mcp.client, 'service.deploy_specialist', { ...args, idempotency_key: 'second-proofread' });
    expect(another.structured.id).not.toBe(first.structured.id);
  });

  it('API errors come back as tool errors with the API error code and message unchanged', async () => {
    const invalid = await callTool(mcp.client, 'service.deploy_specialist', { brief: 'Anything.', skills: ['Not A Tag!'] });
    expect(invalid.isError).toBe(true);
    expect(errorOf(invalid)).toMatchObject({ code: 'invalid_request', status: 400, param: 'skills' });
    expect(invalid.text).toMatch(/^Error invalid_request \(HTTP 400\): .*skills/);

    const missing = await callTool(mcp.client, 'service.check_deployment', { deployment_id: 'dep_01JAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(errorOf(missing)).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('live key: expert_unavailable without a covering expert, credits_exhausted without credits', async () => {
    // A skill of this file's own: the stack is shared, and hand-driven live deployments of other files ask for copywriting.
    await addExpertWithCli(services, {
      name: 'Ada',
      role: 'Copywriter',
      skills: [SKILL],
      tenureYears: 6,
      turnaroundMinutes: 40,
      rate: 90,
      availability: 'online',
    });
    const live = await services.ops<Workspace>('workspace:create', '--name', 'mcp-live');
    const session = await connectStdio({ SERVICE_API_KEY: live.keys.live, SERVICE_BASE_URL: services.baseUrl });
    try {
      const unavailable = await callTool(session.client, 'service.deploy_specialist', { brief: 'Weld a hull.', skills: ['underwater-welding'] });
      expect(errorOf(unavailable)).toMatchObject({ code: 'expert_unavailable', status: 422 });
      expect(unavailable.text).toContain('service.list_specialists');

      const roster = await callTool<{ online_skills: string[] }>(session.client, 'service.list_specialists');
      expect(roster.structured.online_skills).toContain(SKILL);

      await services.ops('account:plan', '--workspace', live.id, '--cycle-cap', '0');
      const broke = await callTool(session.client, 'service.deploy_specialist', { brief: 'Write a tagline.', skills: [SKILL] });
      expect(errorOf(broke)).toMatchObject({ code: 'credits_exhausted', status: 402 });

      const usage = await callTool<{ credits_remaining: number; below_threshold: boolean }>(session.client, 'service.get_usage', { threshold_credits: 100 });
      expect(usage.structured).toMatchObject({ credits_remaining: 0, below_threshold: true });
    } finally {
      await session.close();
    }
  });

  it('get_usage gives the balance, the fraction of the cycle elapsed and a threshold gate', async () => {
    const usage = await callTool<Record<string, unknown>>(mcp.client, 'service.get_usage', { threshold_credits: 10 });
    expect(usage.isError).toBe(false);
    expect(usage.structured).toMatchObject({ below_threshold: false, threshold_credits: 10 });
    expect(usage.structured.cycle_used_fraction).toBeGreaterThanOrEqual(0);
    expect(usage.structured.cycle_used_fraction).toBeLessThan(1);
    expect(usage.text).toContain('credits remaining');
  });

  it('without SERVICE_API_KEY the tools still list, and each call answers authentication_failed', async () => {
    const keyless = await connectStdio({ SERVICE_BASE_URL: services.baseUrl });
    try {
      expect((await keyless.client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(TOOLS));
      expect(errorOf(await callTool(keyless.client, 'service.get_usage'))).toMatchObject({ code: 'authentication_failed', param: 'SERVICE_API_KEY' });
      expect(keyless.stderr()).toContain('SERVICE_API_KEY is not set');
    } finally {
      await keyless.close();
    }
  });
});
