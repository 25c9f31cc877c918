/**
 * What an expert earns, through the gateway against the real services: an open offer shows the
 * reservation and the estimate at the expert's rate; completed work comes out of
 * `GET /expert/v1/earnings.csv` as RFC 4180 CSV (quotes, commas, line breaks and formula-looking
 * briefs round-trip; a range selects by completion time; a bad bound is 400 naming it) and
 * `GET /expert/v1/earnings/periods` sums it per week or month with the total.
 */
import type { SqlClient } from '@eh/platform';
import { earningsExportPage } from '@eh/deployments';
import type { ErrorBody } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { PERSON_CLOCKS } from '../support/console-page';
import { sharedServices } from '../support/shared-services';
import { RouterE2e, type Expert, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';

const SKILL = 'earnings-export';

/** An RFC 4180 reader (quoted fields, doubled quotes, CRLF inside quotes), to check what a spreadsheet would read. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

describe('expert earnings: offer credits, CSV export, periods (real services)', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let ada: Expert;
  const briefs = [
    'Plain brief without commas',
    'Names, taglines and "quotes" for the launch',
    'Two lines:\r\nfirst, then second\nand a third',
    '=HYPERLINK("http://evil.example","click")',
  ];
  const charges = [7, 11, 13, 17];
  const ids: string[] = [];
  let before: string;

  const csv = async (query: string, credential = ada.credential) => {
    const response = await fetch(`${services.baseUrl}/expert/v1/earnings.csv${query}`, { headers: { authorization: `Bearer ${credential}` } });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const errorOf = async (query: string): Promise<{ status: number; code: string; param?: string }> => {
    const response = await csv(query);
    const body = JSON.parse(response.text) as ErrorBody;
    return { status: response.status, code: body.error.code, param: body.error.param };
  };

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(sharedServices(PERSON_CLOCKS), 'earnings-export-e2e'));
    ada = await e2e.addExpert([SKILL], 20, { name: 'Ada Lane', rate_credits_per_hour: 60 });
    before = new Date(Date.now() - 1000).toISOString();
  }, 120_000);

  afterAll(async () => {
    await services?.stop();
  });

  it('an open offer shows the reservation and the estimate at the expert’s rate (capped by the reservation)', async () => {
    for (const brief of briefs) {
      const created = await e2e.create(workspace.keys.live, { brief, skills: [SKILL] });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
      await e2e.waitForOffer(created.body.id, 1);
      const offers = await e2e.asExpert<{ data: { id: string; credits_reserved: number; credits_estimate: number | null }[] }>(ada, 'GET', '/offers');
      const offer = offers.body.data.find((item) => item.id === created.body.id);
      const reserved = (await e2e.get(workspace.keys.live, created.body.id)).body as unknown as { credits_reserved: number };
      expect(offer).toMatchObject({
        credits_reserved: reserved.credits_reserved,
        credits_estimate: Math.min(Math.ceil((60 * 20) / 60), reserved.credits_reserved),
      });
      expect(reserved.credits_reserved).toBeGreaterThan(0);
      // Accept, start, publish: one completed deployment per brief, each with its own charge.
      const index = ids.length - 1;
      expect((await e2e.asExpert(ada, 'POST', `/deployments/${created.body.id}/accept`)).status).toBe(200);
      expect((await e2e.asExpert(ada, 'POST', `/deployments/${created.body.id}/start`)).status).toBe(200);
      const published = await e2e.asExpert(ada, 'POST', `/deployments/${created.body.id}/publish`, {
        body: 'Done.',
        duration_seconds: 600 + index,
        credits_charged: Math.min(charges[index], reserved.credits_reserved),
      });
      expect(published.status).toBe(200);
    }
    for (const id of ids) await e2e.waitForStatus(workspace.keys.live, id, 'completed');
  }, 120_000);

  it('exports every completed deployment as CSV: header, CRLF, escaped fields, formula guarded, oldest first', async () => {
    const response = await csv('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="earnings-start-to-now.csv"');
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual(['completed_at', 'deployment_id', 'skills', 'credits_charged', 'duration_seconds', 'rating', 'brief']);
    expect(rows.map((row) => row[1])).toEqual(ids);
    expect(rows.map((row) => row[6])).toEqual([briefs[0], briefs[1], briefs[2], `'${briefs[3]}`]);
    expect(rows.map((row) => row[4])).toEqual(['600', '601', '602', '603']);
    for (const row of rows) {
      expect(row[2]).toBe(SKILL);
      expect(row[5]).toBe('');
      expect(Number.isNaN(Date.parse(row[0]))).toBe(false);
    }
    // Another expert's export is their own: empty, header only.
    const bo = await e2e.addExpert(['elsewhere'], 30, { name: 'Bo Chen' });
    expect(parseCsv((await csv('', bo.credential)).text)).toEqual([header]);
    // No credential: the API's 401, not a file.
    expect((await fetch(`${services.baseUrl}/expert/v1/earnings.csv`)).status).toBe(401);
  });

  it('selects by completion time: from inclusive, to exclusive; a day is its start in UTC', async () => {
    const all = parseCsv((await csv('')).text).slice(1);
    const second = all[1][0];
    const fromSecond = parseCsv((await csv(`?from=${encodeURIComponent(second)}`)).text).slice(1);
    expect(fromSecond.map((row) => row[1])).toEqual(ids.slice(1));
    const toSecond = parseCsv((await csv(`?from=${encodeURIComponent(before)}&to=${encodeURIComponent(second)}`)).text).slice(1);
    expect(toSecond.map((row) => row[1])).toEqual(ids.slice(0, 1));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(parseCsv((await csv(`?from=${tomorrow}`)).text)).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(parseCsv((await csv(`?from=${today}&to=${tomorrow}`)).text).slice(1)).toHaveLength(ids.length);
    expect((await csv(`?from=${today}&to=${tomorrow}`)).headers.get('content-disposition')).toBe(`attachment; filename="earnings-${today}-to-${tomorrow}.csv"`);
  });

  it('streams page by page: the keyset pages join into the whole list, none twice', async () => {
    const sql = services.database.pool as unknown as SqlClient;
    const seen: string[] = [];
    let cursor: { completedAt: string; deploymentId: string } | null = null;
    for (;;) {
      const page = await earningsExportPage(sql, ada.id, { from: null, to: null }, cursor, 1);
      if (page.length === 0) break;
      seen.push(page[0].deployment_id);
      cursor = { completedAt: page[0].completed_at, deploymentId: page[0].deployment_id };
    }
    expect(seen).toEqual(ids);
  });

  it.each([
    ['?from=yesterday', 'from'],
    ['?from=2026-02-30', 'from'],
    ['?to=2026-05-01T10:00:00', 'to'],
    ['?from=2026-05-02&to=2026-05-01', 'to'],
    ['?from=2026-05-01&to=2026-05-01', 'to'],
    ['?from=2026-05-01&from=2026-05-02', 'from'],
  ])('refuses %s with 400 naming %s', async (query, param) => {
    expect(await errorOf(query)).toEqual({ status: 400, code: 'invalid_request', param });
  });

  it('sums credits per week and per month in the asked time zone, with the total', async () => {
    const charged = (await Promise.all(ids.map((id) => e2e.get(workspace.keys.live, id)))).map(
      (response) => (response.body as unknown as { credits_charged: number }).credits_charged,
    );
    const total = charged.reduce((sum, value) => sum + value, 0);
    for (const period of ['week', 'month'] as const) {
      const answer = await e2e.asExpert<{
        period: string;
        time_zone: string;
        data: { start: string; completed_count: number; credits_earned: number }[];
        total: { completed_count: number; credits_earned: number };
      }>(ada, 'GET', `/earnings/periods?period=${period}&time_zone=Pacific/Auckland`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ period, time_zone: 'Pacific/Auckland', total: { completed_count: ids.length, credits_earned: total } });
      expect(answer.body.data.reduce((sum, row) => sum + row.credits_earned, 0)).toBe(total);
      expect(answer.body.data.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.start))).toBe(true);
      if (period === 'week') for (const row of answer.body.data) expect(new Date(`${row.start}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    const bad = async (query: string) => (await e2e.asExpert<ErrorBody>(ada, 'GET', `/earnings/periods${query}`)).body.error;
    expect(await bad('?period=year')).toMatchObject({ code: 'invalid_request', param: 'period' });
    expect(await bad('?time_zone=Mars/Olympus')).toMatchObject({ code: 'invalid_request', param: 'time_zone' });
  });
});
