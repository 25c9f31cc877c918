/**
 * POST /v1/deployments/quote: what a create with the same body would do, checked
 * against the create that follows (credits reserved, the expert offered first), and proved
 * read-only: no event, no read-model row and no balance changes because of a quote.
 */
import { request, type ErrorBody } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { FAST_CLOCKS, RouterE2e, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';

interface Quote {
  object: string;
  mode: string;
  available: boolean;
  unavailable_reason: string | null;
  candidate_count: number;
  expert: { id: string; name: string; role: string } | null;
  credits_reserved: number;
  sla_deadline: string;
  estimated_acceptance_seconds: number | null;
  estimated_completion_seconds: number | null;
  quoted_at: string;
}

describe('POST /v1/deployments/quote', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;

  const quote = <T = Quote>(key: string | undefined, body: unknown) => request<T>(services.baseUrl, 'POST', '/v1/deployments/quote', { key, body });

  /** Every public table's rows, digested, and the event store's last position: what a quote must not move. */
  async function stateDigest(): Promise<Record<string, string>> {
    const pool = services.database.pool;
    const { rows: tables } = await pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    const digest: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await pool.query<{ md5: string | null }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM "${name}" t`);
      digest[name] = rows[0]?.md5 ?? 'empty';
    }
    return digest;
  }

  /**
   * The digest once the background work of earlier steps has finished (the relay saves its checkpoint
   * every 250 ms, consumers batch their marks), so a later difference is the request's own.
   */
  async function settledDigest(): Promise<Record<string, string>> {
    let previous = await stateDigest();
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const current = await stateDigest();
      if (JSON.stringify(current) === JSON.stringify(previous)) return current;
      previous = current;
    }
    throw new Error('the database never settled for 700 ms');
  }

  /** Tables a plain authenticated read changes too (a key's last use), so a quote's request may as well. */
  async function tablesTouchedByAnyRequest(key: string): Promise<string[]> {
    const before = await settledDigest();
    await request(services.baseUrl, 'GET', '/v1/experts', { key });
    const after = await stateDigest();
    return Object.keys(after).filter((name) => after[name] !== before[name]);
  }

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(sharedServices(FAST_CLOCKS), 'quote'));
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('live: the quote names the expert the create then offers to first and the credits it then reserves, and changes nothing', async () => {
    const fast = await e2e.addExpert(['e2e-quote'], 20);
    await e2e.addExpert(['e2e-quote'], 90);
    const body = { brief: 'Write the launch email.', skills: ['e2e-quote'], urgency: 'priority' };
    const noise = new Set(await tablesTouchedByAnyRequest(workspace.keys.live));
    expect([...noise].filter((name) => /^events$|deployment|^account|expert/.test(name))).toEqual([]);

    const before = await settledDigest();
    const quoted = await quote(workspace.keys.live, body);
    const again = await quote(workspace.keys.live, body);
    const after = await stateDigest();
    expect(Object.keys(after).filter((name) => after[name] !== before[name] && !noise.has(name))).toEqual([]);
    expect(after.events).toBe(before.events);

    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({
      object: 'deployment_quote',
      mode: 'live',
      available: true,
      unavailable_reason: null,
      candidate_count: 2,
      expert: { id: fast.id },
      // ceil(90 credits/hour × 20 minutes / 60)
      credits_reserved: 30,
      // One offer window (OFFER_TIMEOUT_SECONDS=2), then the fast expert's 20-minute median.
      estimated_acceptance_seconds: 2,
      estimated_completion_seconds: 2 + 20 * 60,
    });
    expect(again.body.credits_reserved).toBe(quoted.body.credits_reserved);
    expect(Date.parse(quoted.body.sla_deadline) - Date.parse(quoted.body.quoted_at)).toBe(6000);

    const created = await e2e.create(workspace.keys.live, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ credits_reserved: quoted.body.credits_reserved });
    expect((await e2e.waitForOffer(created.body.id, 1)).expertId).toBe(quoted.body.expert?.id);
  });

  it('test mode: the synthesizer, nothing reserved, completion after test_duration_seconds', async () => {
    const response = await quote(workspace.keys.test, { brief: 'Tagline.', skills: ['copywriting'], metadata: { test_duration_seconds: 30 } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      mode: 'test',
      available: true,
      credits_reserved: 0,
      estimated_acceptance_seconds: 0,
      estimated_completion_seconds: 30,
    });
    expect(response.body.expert?.id).toBe('spec_00000000000000000000000000');
  });

  it('nobody online for the skills: available false with the reason, where create answers 422 expert_unavailable', async () => {
    const body = { brief: 'Audit the tax return.', skills: ['e2e-nobody'] };
    const response = await quote(workspace.keys.live, body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ available: false, expert: null, credits_reserved: 0, candidate_count: 0, estimated_acceptance_seconds: null });
    const created = await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', { key: workspace.keys.live, body });
    expect([created.status, created.body.error.code]).toEqual([422, 'expert_unavailable']);
    expect(response.body.unavailable_reason).toBe(created.body.error.message);
  });

  it('refuses every bad body exactly as create does (code, message, param), and needs a key', async () => {
    const inFuture = new Date(Date.now() + 3_600_000).toISOString();
    const bad: unknown[] = [
      {},
      { brief: '', skills: ['copywriting'] },
      { brief: 'x', skills: ['Not A Tag'] },
      { brief: 'x', skills: ['copywriting'], urgency: 'asap' },
      { brief: 'x', skills: ['copywriting'], scheduled_for: inFuture },
      { brief: 'x', skills: ['copywriting'], urgency: 'scheduled' },
      { brief: 'x', skills: ['copywriting'], deadline: 'tomorrow' },
      { brief: 'x', skills: ['copywriting'], context_url: 'ftp://example.com' },
      { brief: 'x', skills: ['copywriting'], output_schema: { a: 'x' } },
      { brief: 'x', skills: ['copywriting'], output_schema: { type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } } },
      [],
    ];
    for (const body of bad) {
      const quoted = await quote<ErrorBody>(workspace.keys.test, body);
      const created = await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', { key: workspace.keys.test, body });
      expect(created.status).toBe(400);
      expect(quoted.status).toBe(400);
      const { code, message, param } = quoted.body.error;
      expect({ code, message, param }).toEqual({ code: created.body.error.code, message: created.body.error.message, param: created.body.error.param });
    }
    const unknownFollowUp = { brief: 'x', skills: ['copywriting'], follow_up_to: 'dep_01JZZZZZZZZZZZZZZZZZZZZZZZ' };
    const [quotedFollowUp, createdFollowUp] = [
      await quote<ErrorBody>(workspace.keys.test, unknownFollowUp),
      await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', { key: workspace.keys.test, body: unknownFollowUp }),
    ];
    expect([quotedFollowUp.status, quotedFollowUp.body.error.param]).toEqual([404, 'follow_up_to']);
    expect(quotedFollowUp.body.error.message).toBe(createdFollowUp.body.error.message);
    const anonymous = await quote<ErrorBody>(undefined, { brief: 'x', skills: ['copywriting'] });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'authentication_failed']);
  });

  it('is in /v1/openapi.json', async () => {
    const document = await request<{ paths: Record<string, Record<string, { operationId: string }>> }>(services.baseUrl, 'GET', '/v1/openapi.json');
    expect(document.body.paths['/v1/deployments/quote']?.post?.operationId).toBe('quoteDeployment');
  });
});
