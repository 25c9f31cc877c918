/**
 * Attachments over HTTP against the real services: the expert uploads a file, keeps it in
 * a draft, publishes it by id; the agent's GET (and the webhook body) show it by a signed URL that
 * downloads the same bytes, and refuses once tampered with or expired.
 */
import { randomBytes } from 'node:crypto';
import { waitUntil } from '@eh/platform/testing';
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Deployment, type Expert, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';
import { shownAttachments, type ShownAttachment, type UploadedAttachment } from './support/attachment-bodies';
import { ADMIN, ConsoleClient, signedIn } from './support/console-client';

const URL_TTL_SECONDS = 3;
const MAX_BYTES = 256 * 1024;
const PASSWORD = 'amber kettle on the quay';

describe('attachments: upload, publish, signed download', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let ada: Expert;
  let bo: Expert;
  let console: ConsoleClient;

  const act = (expert: Expert, id: string, action: string, body?: unknown) =>
    e2e.asExpert<Deployment & ErrorBody>(expert, 'POST', `/deployments/${id}/${action}`, body);

  /** A live deployment Ada has accepted and started. */
  async function adaWorking(): Promise<string> {
    const created = await e2e.create(workspace.keys.live, { brief: 'Design the label.', skills: ['console-files'] });
    expect((await e2e.waitForOffer(created.body.id, 1)).expertId).toBe(ada.id);
    expect((await act(ada, created.body.id, 'accept')).status).toBe(200);
    expect((await act(ada, created.body.id, 'start')).status).toBe(200);
    return created.body.id;
  }

  /** The raw upload, as the console sends it: the file is the body, with its own type. */
  async function upload(
    deploymentId: string,
    filename: string,
    bytes: Buffer,
    contentType: string,
    auth: { key?: string; client?: ConsoleClient } = { client: console },
  ) {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (auth.key) headers.authorization = `Bearer ${auth.key}`;
    if (auth.client?.cookie) headers.cookie = `eh_session=${auth.client.cookie}`;
    if (auth.client?.csrf) headers['x-csrf-token'] = auth.client.csrf;
    const query = new URLSearchParams({ deployment_id: deploymentId, filename }).toString();
    const response = await fetch(`${services.baseUrl}/expert/v1/attachments?${query}`, { method: 'POST', headers, body: new Uint8Array(bytes) });
    return { status: response.status, body: (await response.json()) as UploadedAttachment & ErrorBody };
  }

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(
      startServices({
        ...FAST_CLOCKS,
        OFFER_TIMEOUT_SECONDS: '60',
        ATTACHMENT_URL_TTL_SECONDS: String(URL_TTL_SECONDS),
        ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      }),
      'console-files',
    ));
    ada = await e2e.addExpert(['console-files'], 20, { name: 'Ada Lane' });
    bo = await e2e.addExpert(['console-files-bo'], 30, { name: 'Bo Ek' });
    console = await signedIn(services, ada, 'ada@example.com', PASSWORD);
    // A registered endpoint, so public events get deliveries whose bodies we can read back.
    const endpoint = await request(services.baseUrl, 'PUT', `/admin/v1/workspaces/${workspace.id}/webhook-endpoint`, {
      headers: ADMIN,
      body: { url: 'http://127.0.0.1:9/webhooks' },
    });
    expect(endpoint.status).toBe(201);
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('upload → draft → publish by id → the agent’s GET shows a signed URL that downloads the same bytes', async () => {
    const id = await adaWorking();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200 * 1024)]);
    const uploaded = await upload(id, 'label draft ü.png', png, 'image/png');
    expect(uploaded).toEqual({
      status: 201,
      body: {
        object: 'attachment',
        id: expect.stringMatching(/^att_[0-9A-Z]{26}$/),
        name: 'label draft ü.png',
        content_type: 'image/png',
        size_bytes: png.length,
      },
    });
    // A JSON file is a file too: its bytes are kept as sent, not parsed.
    const json = Buffer.from('{"palette": ["#112233", "#445566"]}\n');
    const data = await upload(id, 'palette.json', json, 'application/json', { key: ada.credential });
    expect([data.status, data.body.content_type, data.body.size_bytes]).toEqual([201, 'application/json', json.length]);

    const empty = await console.call('GET', `/expert/v1/deployments/${id}/draft`);
    expect(empty.body).toEqual({ body: '', attachment_ids: [], attachments: [], duration_seconds: null, credits_charged: null, updated_at: null });
    const unset = await console.call('PUT', `/expert/v1/deployments/${id}/draft`, {
      body: { body: 'first words', attachment_ids: [], duration_seconds: null, credits_charged: null },
    });
    expect(unset.body).toMatchObject({ body: 'first words', duration_seconds: null, credits_charged: null, updated_at: expect.any(String) });
    const partial = await console.call<ErrorBody>('PUT', `/expert/v1/deployments/${id}/draft`, { body: { body: 'no figures' } });
    expect([partial.status, partial.body.error.param]).toEqual([400, 'attachment_ids']);
    const draft = { body: '# Label\nTwo options.', attachment_ids: [uploaded.body.id, data.body.id], duration_seconds: 900, credits_charged: 30 };
    const saved = await console.call('PUT', `/expert/v1/deployments/${id}/draft`, { body: draft });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...draft,
      attachments: [
        { id: uploaded.body.id, name: 'label draft ü.png', content_type: 'image/png', size_bytes: png.length },
        { id: data.body.id, name: 'palette.json' },
      ],
    });
    expect((await console.call('GET', `/expert/v1/deployments/${id}/draft`)).body).toEqual(saved.body);

    const published = await console.call('POST', `/expert/v1/deployments/${id}/publish`, {
      body: {
        body: draft.body,
        attachments: [
          { attachment_id: uploaded.body.id },
          { name: 'brief.pdf', url: 'https://files.example.com/brief.pdf', content_type: 'application/pdf', size_bytes: 10 },
          { attachment_id: data.body.id },
        ],
        duration_seconds: 900,
        credits_charged: 30,
      },
    });
    expect([published.status, published.body.status]).toEqual([200, 'completed']);
    // The draft is gone once published.
    expect((await console.call('GET', `/expert/v1/deployments/${id}/draft`)).body).toMatchObject({ body: '', updated_at: null });

    const agentView = await e2e.get(workspace.keys.live, id);
    const attachments = shownAttachments(agentView.body);
    expect(attachments).toHaveLength(3);
    expect(Object.keys(attachments[0]).sort()).toEqual(['content_type', 'name', 'size_bytes', 'url']);
    expect(attachments[0]).toMatchObject({ name: 'label draft ü.png', content_type: 'image/png', size_bytes: png.length });
    expect(attachments[0].url).toMatch(new RegExp(`^${services.baseUrl}/v1/attachments/${uploaded.body.id}/content\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(attachments[1]).toEqual({ name: 'brief.pdf', url: 'https://files.example.com/brief.pdf', content_type: 'application/pdf', size_bytes: 10 });
    expect(JSON.stringify(agentView.body)).not.toContain('attachment_id');

    const download = await fetch(attachments[0].url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="label draft _.png"; filename*=UTF-8''label%20draft%20%C3%BC.png`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const jsonDownload = await fetch(attachments[2].url);
    expect(Buffer.from(await jsonDownload.arrayBuffer()).equals(json)).toBe(true);

    // The list and the expert's own view show signed URLs too.
    const listed = await request<{ data: Deployment[] }>(services.baseUrl, 'GET', '/v1/deployments', { key: workspace.keys.live });
    expect(JSON.stringify(listed.body)).not.toContain('attachment_id');
    const expertView = await console.call<{ output: { attachments: ShownAttachment[] } }>('GET', `/expert/v1/deployments/${id}`);
    expect(expertView.body.output.attachments[0].url).toContain('signature=');
  });

  it('refuses a tampered URL and, after ATTACHMENT_URL_TTL_SECONDS, an expired one (403 url_signature_invalid)', async () => {
    const id = await adaWorking();
    const bytes = Buffer.from('the final copy\n');
    const uploaded = await upload(id, 'copy.txt', bytes, 'text/plain; charset=utf-8');
    await console.call('POST', `/expert/v1/deployments/${id}/publish`, {
      body: { body: 'done', attachments: [{ attachment_id: uploaded.body.id }], duration_seconds: 60, credits_charged: 5 },
    });
    const url = new URL(shownAttachments((await e2e.get(workspace.keys.live, id)).body)[0].url);
    const variant = (change: (copy: URL) => void): string => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    const refused = async (target: string): Promise<ErrorBody['error'] & { status: number }> => {
      const response = await fetch(target);
      return { status: response.status, ...((await response.json()) as ErrorBody).error };
    };
    const signature = url.searchParams.get('signature') ?? '';
    expect(
      await refused(variant((copy) => copy.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`))),
    ).toMatchObject({ status: 403, code: 'url_signature_invalid', message: expect.stringContaining('does not match') });
    expect(await refused(variant((copy) => copy.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600))))).toMatchObject({
      status: 403,
      code: 'url_signature_invalid',
    });
    expect(await refused(variant((copy) => (copy.pathname = copy.pathname.replace(uploaded.body.id, 'att_01JZZZZZZZZZZZZZZZZZZZZZZZ'))))).toMatchObject({
      status: 403,
      code: 'url_signature_invalid',
    });
    expect(await refused(variant((copy) => copy.searchParams.delete('signature')))).toMatchObject({ status: 403, code: 'url_signature_invalid' });
    expect((await fetch(url)).status).toBe(200);
    await waitUntil(async () => ((await fetch(url)).status === 403 ? true : undefined), {
      timeoutMs: (URL_TTL_SECONDS + 3) * 1000,
      intervalMs: 200,
      description: 'the URL to expire',
    });
    expect(await refused(url.toString())).toMatchObject({
      status: 403,
      code: 'url_signature_invalid',
      message: expect.stringContaining('expired'),
      param: 'expires',
    });
    // Reading the deployment again signs it afresh.
    const fresh = shownAttachments((await e2e.get(workspace.keys.live, id)).body)[0].url;
    expect(Buffer.from(await (await fetch(fresh)).arrayBuffer()).toString()).toBe('the final copy\n');
  });

  it('webhook bodies carry the signed URL too (data.object)', async () => {
    const id = await adaWorking();
    const uploaded = await upload(id, 'hook.txt', Buffer.from('from a webhook\n'), 'text/plain');
    await console.call('POST', `/expert/v1/deployments/${id}/publish`, {
      body: { body: 'done', attachments: [{ attachment_id: uploaded.body.id }], duration_seconds: 60, credits_charged: 5 },
    });
    const delivery = await waitUntil(
      async () => {
        const listed = await request<{ data: { id: string }[] }>(
          services.baseUrl,
          'GET',
          `/admin/v1/webhook-deliveries?deployment_id=${id}&event_type=deployment.completed`,
          { headers: ADMIN },
        );
        return listed.body.data[0];
      },
      { timeoutMs: 15_000, description: 'the completed delivery' },
    );
    const shown = await request<{ body: string }>(services.baseUrl, 'GET', `/admin/v1/webhook-deliveries/${delivery.id}`, { headers: ADMIN });
    const body = JSON.parse(shown.body.body) as { data: { object: { output: { attachments: ShownAttachment[] } } } };
    const [attachment] = body.data.object.output.attachments;
    expect(attachment).toEqual({
      name: 'hook.txt',
      url: expect.stringContaining(`/v1/attachments/${uploaded.body.id}/content?expires=`),
      content_type: 'text/plain',
      size_bytes: 15,
    });
    expect(shown.body.body).not.toContain('attachment_id');
    const download = await fetch(attachment.url);
    expect([download.status, await download.text()]).toEqual([200, 'from a webhook\n']);
  });

  it('uploads only to work assigned to you and still open; names and sizes are checked', async () => {
    const id = await adaWorking();
    const bytes = Buffer.from('x');
    const stranger = await upload(id, 'x.txt', bytes, 'text/plain', { key: bo.credential });
    expect([stranger.status, stranger.body.error.code, stranger.body.error.param]).toEqual([404, 'not_found', 'deployment_id']);
    const offered = await e2e.create(workspace.keys.live, { brief: 'Offered only.', skills: ['console-files'] });
    await e2e.waitForOffer(offered.body.id, 1);
    const early = await upload(offered.body.id, 'x.txt', bytes, 'text/plain');
    expect([early.status, early.body.error.code]).toEqual([403, 'expert_not_assigned']);
    const badName = await upload(id, '../etc/passwd', bytes, 'text/plain');
    expect([badName.status, badName.body.error.param]).toEqual([400, 'filename']);
    const badType = await upload(id, 'x.txt', bytes, 'not a type');
    expect([badType.status, badType.body.error.param]).toEqual([400, 'Content-Type']);
    const tooLarge = await upload(id, 'big.bin', Buffer.alloc(MAX_BYTES + 1), 'application/octet-stream');
    expect([tooLarge.status, tooLarge.body.error.code, tooLarge.body.error.param]).toEqual([400, 'invalid_request', 'body']);
    const unsigned = await upload(id, 'x.txt', bytes, 'text/plain', {
      client: Object.assign(new ConsoleClient(services.baseUrl), { cookie: console.cookie, csrf: null }),
    });
    expect([unsigned.status, unsigned.body.error.code]).toEqual([403, 'csrf_token_invalid']);
    // Publishing or drafting someone else's upload (or an unknown id) is refused, naming the item.
    const mine = await upload(id, 'mine.txt', bytes, 'text/plain');
    const other = await adaWorking();
    const foreign = await console.call<ErrorBody>('POST', `/expert/v1/deployments/${other}/publish`, {
      body: { body: 'x', attachments: [{ attachment_id: mine.body.id }], duration_seconds: 1, credits_charged: 1 },
    });
    expect([foreign.status, foreign.body.error.param]).toEqual([400, 'attachments[0].attachment_id']);
    const mixed = await console.call<ErrorBody>('POST', `/expert/v1/deployments/${id}/publish`, {
      body: { body: 'x', attachments: [{ attachment_id: mine.body.id, name: 'y' }], duration_seconds: 1, credits_charged: 1 },
    });
    expect([mixed.status, mixed.body.error.param]).toEqual([400, 'attachments[0].name']);
    const badDraft = await console.call<ErrorBody>('PUT', `/expert/v1/deployments/${other}/draft`, {
      body: { body: '', attachment_ids: [mine.body.id], duration_seconds: 0, credits_charged: 0 },
    });
    expect([badDraft.status, badDraft.body.error.param]).toEqual([400, 'attachment_ids[0]']);
    const boDraft = await request<ErrorBody>(services.baseUrl, 'GET', `/expert/v1/deployments/${id}/draft`, { key: bo.credential });
    expect(boDraft.status).toBe(404);
  });

  it('earnings sum the completed work', async () => {
    const earnings = await console.call<{
      completed_count: number;
      credits_earned: number;
      data: { deployment_id: string; credits_charged: number; brief_excerpt: string }[];
    }>('GET', '/expert/v1/earnings');
    expect(earnings.status).toBe(200);
    expect(earnings.body.completed_count).toBe(3);
    expect(earnings.body.credits_earned).toBe(40);
    expect(earnings.body.data[0]).toMatchObject({ credits_charged: 5, brief_excerpt: 'Design the label.' });
  });
});
