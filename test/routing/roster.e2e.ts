/**
 * The roster: operations add, change and retire experts through the admin API and the
 * ops CLI; `GET /v1/experts` lists the active roster, paginated;
 * each expert signs in to the expert API with their own credential.
 */
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert, type Workspace, startRouterSuite } from './support/routing-e2e';
import { addExpertWithCli, SAMPLE_EXPERT } from '../support/ops-expert-add';

interface Entry {
  id: string;
  name: string;
  availability: string;
  skills: string[];
}
interface RosterPage {
  object: string;
  data: Entry[];
  next: string | null;
  has_more: boolean;
}

const ENTRY_FIELDS = ['id', 'name', 'role', 'skills', 'tenure_years', 'median_turnaround_minutes', 'availability', 'rate_credits_per_hour'];

describe('the roster', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;

  const roster = (query = '', key = workspace.keys.test) => request<RosterPage>(services.baseUrl, 'GET', `/v1/experts${query}`, { key });
  const admin = <T>(method: string, path: string, body?: unknown) =>
    request<T>(services.baseUrl, method, `/admin/v1/experts${path}`, { headers: e2e.admin, body });

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(startServices(FAST_CLOCKS), 'roster'));
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('adds an expert with the ops CLI, printing the credential once, offline until told; the credential signs in to the expert API', async () => {
    const added = await addExpertWithCli<{ expert: Entry; credential: string }>(services, SAMPLE_EXPERT);
    expect(added.credential).toMatch(/^svc_expert_[0-9A-Za-z]{32}$/);
    // A new expert is offered no live work before anyone invited them: offline until they or operations say otherwise.
    expect(added.expert).toMatchObject({ id: expect.stringMatching(/^spec_/), availability: 'offline', skills: SAMPLE_EXPERT.skills });
    const expert: Expert = { id: added.expert.id, credential: added.credential };
    // `me` is the expert's roster entry (the console shows availability and proposes a charge from the rate).
    expect(await e2e.expertCli(expert, 'me')).toEqual({
      id: expert.id,
      name: SAMPLE_EXPERT.name,
      role: SAMPLE_EXPERT.role,
      skills: SAMPLE_EXPERT.skills,
      tenure_years: SAMPLE_EXPERT.tenureYears,
      median_turnaround_minutes: SAMPLE_EXPERT.turnaroundMinutes,
      availability: 'offline',
      rate_credits_per_hour: SAMPLE_EXPERT.rate,
      available_until: null,
    });
    const shown = await admin<{ credential_last4: string }>('GET', `/${expert.id}`);
    expect(shown.body.credential_last4).toBe(added.credential.slice(-4));
    expect(JSON.stringify(shown.body)).not.toContain(added.credential);
  });

  it('adds an expert through the admin API offline unless the body says otherwise', async () => {
    const profile = {
      name: 'New Hire',
      role: 'Copywriter',
      skills: ['e2e-new-hire'],
      tenure_years: 2,
      median_turnaround_minutes: 30,
      rate_credits_per_hour: 50,
    };
    const quiet = await admin<{ expert: Entry }>('POST', '', profile);
    expect(quiet.status).toBe(201);
    expect(quiet.body.expert.availability).toBe('offline');
    expect((await admin<Entry>('GET', `/${quiet.body.expert.id}`)).body).toMatchObject({ availability: 'offline' });
    const told = await admin<{ expert: Entry }>('POST', '', { ...profile, availability: 'online' });
    expect(told.body.expert.availability).toBe('online');
    const bad = await admin<ErrorBody>('POST', '', { ...profile, availability: 'around' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'availability' });
  });

  it('lists the active roster with exactly the published fields, paginated with next', async () => {
    for (let index = 0; index < 4; index++) await e2e.addExpert([`e2e-page-${index}`], 30 + index);
    const first = await roster('?limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: 'list', has_more: true, next: expect.any(String) });
    expect(first.body.data).toHaveLength(2);
    for (const entry of first.body.data) expect(Object.keys(entry)).toEqual(ENTRY_FIELDS);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await roster(`?limit=2${suffix}`, workspace.keys.live);
      seen.push(...page.body.data.map((entry) => entry.id));
      cursor = page.body.next;
    } while (cursor);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    for (const [query, param] of [
      ['?limit=0', 'limit'],
      ['?cursor=bogus', 'cursor'],
      ['?skill=x', 'skill'],
    ]) {
      const bad = await request<ErrorBody>(services.baseUrl, 'GET', `/v1/experts${query}`, { key: workspace.keys.test });
      expect([bad.status, bad.body.error.param]).toEqual([400, param]);
    }
    expect((await request<ErrorBody>(services.baseUrl, 'GET', '/v1/experts')).status).toBe(401);
  });

  it('changes an expert (admin PATCH, ops CLI), sets availability, and validates fields', async () => {
    const expert = await e2e.addExpert(['e2e-change'], 30);
    const patched = await admin<Entry>('PATCH', `/${expert.id}`, { skills: ['e2e-change', 'seo'], name: 'Renamed' });
    expect(patched.body).toMatchObject({ name: 'Renamed', skills: ['e2e-change', 'seo'] });
    const viaCli = await services.ops<Entry>('expert:update', '--expert', expert.id, '--turnaround-minutes', '25');
    expect(viaCli).toMatchObject({ median_turnaround_minutes: 25, name: 'Renamed' });
    expect((await services.ops<Entry>('expert:availability', '--expert', expert.id, '--availability', 'busy')).availability).toBe('busy');
    expect((await admin<Entry>('POST', `/${expert.id}/availability`, { availability: 'offline' })).body.availability).toBe('offline');
    const own = await e2e.expertCli<Entry>(expert, 'availability', '--set', 'online');
    expect(own.availability).toBe('online');
    for (const [body, param] of [
      [{ tenure_years: -1 }, 'tenure_years'],
      [{ skills: ['Not A Tag'] }, 'skills'],
      [{ hourly: 3 }, 'hourly'],
    ] as const) {
      const bad = await admin<ErrorBody>('PATCH', `/${expert.id}`, body);
      expect([bad.status, bad.body.error.param]).toEqual([400, param]);
    }
    const missing = await admin<ErrorBody>('POST', '', {
      name: 'No skills',
      role: 'r',
      tenure_years: 1,
      median_turnaround_minutes: 5,
      rate_credits_per_hour: 5,
    });
    expect([missing.status, missing.body.error.param]).toEqual([400, 'skills']);
  });

  it('retires an expert: gone from the list, the credential stops working, later changes refused', async () => {
    const expert = await e2e.addExpert(['e2e-retire'], 30);
    expect((await e2e.asExpert(expert, 'GET', '/offers')).status).toBe(200);
    const retired = await services.ops<{ retired: boolean }>('expert:retire', '--expert', expert.id);
    expect(retired.retired).toBe(true);
    const all: string[] = [];
    let page = await roster('?limit=100');
    all.push(...page.body.data.map((entry) => entry.id));
    while (page.body.next) {
      page = await roster(`?limit=100&cursor=${encodeURIComponent(page.body.next)}`);
      all.push(...page.body.data.map((entry) => entry.id));
    }
    expect(all).not.toContain(expert.id);
    const refused = await e2e.asExpert<ErrorBody>(expert, 'GET', '/offers');
    expect([refused.status, refused.body.error.code]).toEqual([401, 'authentication_failed']);
    const again = await admin<ErrorBody>('POST', `/${expert.id}/retire`);
    expect([again.status, again.body.error.code]).toEqual([409, 'invalid_state_transition']);
    expect((await admin<ErrorBody>('GET', '/spec_01JD0000000000000000000000')).status).toBe(404);
  });

  it('lists every expert to operations: active first by name, retired included, filters, pages, console access', async () => {
    type AdminEntry = Entry & { retired: boolean; credential_last4: string | null; console: { email: string; status: string } | null };
    const listAll = async (query: string) => {
      const seen: AdminEntry[] = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; body: { data: AdminEntry[]; next: string | null } } = await admin(
          'GET',
          `?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status).toBe(200);
        seen.push(...page.body.data);
        cursor = page.body.next;
      } while (cursor);
      return seen;
    };
    const everyone = await listAll('');
    const order = everyone.map((entry) => [entry.retired, entry.name, entry.id].join('|'));
    expect(order).toEqual(
      [...everyone]
        .sort((a, b) => Number(a.retired) - Number(b.retired) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
        .map((entry) => [entry.retired, entry.name, entry.id].join('|')),
    );
    expect(new Set(everyone.map((entry) => entry.id)).size).toBe(everyone.length);
    const retired = everyone.filter((entry) => entry.retired);
    expect(retired.length).toBeGreaterThanOrEqual(1);
    expect(everyone.findIndex((entry) => entry.retired)).toBe(everyone.length - retired.length);
    expect(Object.keys(everyone[0])).toEqual([...ENTRY_FIELDS, 'available_until', 'retired', 'credential_last4', 'console', 'ratings']);

    expect((await listAll('&status=retired')).map((entry) => entry.id)).toEqual(retired.map((entry) => entry.id));
    expect((await listAll('&skill=e2e-change')).map((entry) => entry.name)).toEqual(['Renamed']);
    const online = await listAll('&availability=online&status=active');
    expect(online.length).toBeGreaterThan(0);
    expect(online.every((entry) => entry.availability === 'online' && !entry.retired)).toBe(true);

    // Invited to the console: the entry says so (the roster page offers "Re-invite").
    const invitee = everyone.find((entry) => entry.name === 'Renamed');
    expect((await admin('POST', `/${invitee?.id}/invitations`, { email: 'renamed@experts.example' })).status).toBe(201);
    expect((await listAll('&skill=e2e-change'))[0].console).toEqual({ email: 'renamed@experts.example', status: 'invited' });

    for (const [query, param] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=bogus', 'cursor'],
      ['?status=gone', 'status'],
      ['?availability=vacation', 'availability'],
      ['?skill=Not%20A%20Tag', 'skill'],
      ['?skill=a&skill=b', 'skill'],
      ['?sort=name', 'sort'],
    ]) {
      const bad = await admin<ErrorBody>('GET', query);
      expect([query, bad.status, bad.body.error.param]).toEqual([query, 400, param]);
    }
    expect((await request<ErrorBody>(services.baseUrl, 'GET', '/admin/v1/experts', { key: workspace.keys.live })).status).toBe(401);
  });

  it('refuses the admin roster API without the admin credential', async () => {
    for (const headers of [{}, { authorization: `Bearer ${workspace.keys.live}` }] as Record<string, string>[]) {
      const response = await request<ErrorBody>(services.baseUrl, 'POST', '/admin/v1/experts', { headers, body: {} });
      expect([response.status, response.body.error.code]).toEqual([401, 'authentication_failed']);
    }
  });
});
