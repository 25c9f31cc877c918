/**
 * A workspace with as many API keys as a partner makes for itself: created by operations with an
 * owner, the owner accepts the invitation and mints named keys on the dashboard's API, as a person
 * would. Plain fetch: the bench builds without the suites' own clients.
 */
export interface WorkspaceWithKeys {
  id: string;
  keys: { test: string; live: string };
  /** The test key first, then each named test key. */
  testKeys: string[];
}

const OWNER_PASSWORD = 'correct horse battery staple 13';

async function json<T>(response: Response, what: string, expected: number): Promise<T> {
  const body = (await response.json()) as T;
  if (response.status !== expected) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

export async function workspaceWithKeys(baseUrl: string, adminKey: string, name: string, namedTestKeys: number): Promise<WorkspaceWithKeys> {
  const ownerEmail = `owner-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}@tenants.example`;
  const created = await json<{ id: string; keys: { test: string; live: string }; owner_invitation: { url: string } }>(
    await fetch(`${baseUrl}/admin/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, owner_email: ownerEmail }),
    }),
    'workspace',
    201,
  );
  const token = created.owner_invitation.url.split('/').pop() ?? '';
  const accepted = await fetch(`${baseUrl}/console/api/v1/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: OWNER_PASSWORD }),
  });
  const session = await json<{ csrf_token: string }>(accepted, 'owner accepts', 201);
  const cookie = accepted.headers
    .getSetCookie()
    .find((header) => header.startsWith('eh_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('the owner got no session cookie');
  const testKeys = [created.keys.test];
  for (let index = 0; index < namedTestKeys; index++) {
    const minted = await fetch(`${baseUrl}/console/api/v1/api_keys`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': session.csrf_token, 'service-mode': 'test', 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench key ${index + 1}` }),
    });
    testKeys.push((await json<{ key: string }>(minted, 'key', 201)).key);
  }
  return { id: created.id, keys: created.keys, testKeys };
}
