import { newId, webhookEndpointStreamName } from '@eh/contracts';
import { postgresStorePerSuite } from '@eh/event-store/testing';
import { parseSecretKeyring, SecretCipher, SecretOpenError, UnknownSecretKeyError } from '@eh/platform';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { createWorkspace } from '@eh/workspaces';
import { resealWebhookSecrets } from '../adapters/webhook-secrets.reseal';
import { signingSecrets } from './attempt-delivery.handler';
import { loadWebhookEndpoint } from './delivery-streams';
import { registerWebhookEndpoint, rotateWebhookSecret, type EndpointContext } from './webhook-endpoint.handler';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const key = (fill: number): string => Buffer.alloc(32, fill).toString('base64');
const OLD = new SecretCipher(parseSecretKeyring(`k1:${key(1)}`));
/** After a key rotation: k2 seals, k1 still opens. */
const ROTATED = new SecretCipher(parseSecretKeyring(`k2:${key(2)},k1:${key(1)}`));
const NEW_ONLY = new SecretCipher(parseSecretKeyring(`k2:${key(2)}`));

/** Secrets at rest against the real PostgreSQL events table. */
describe('webhook signing secrets at rest (PostgreSQL)', () => {
  const env = postgresStorePerSuite(allMigrations, { inlineProjections });
  const context = (cipher: SecretCipher): EndpointContext => ({
    sql: env.db.pool,
    store: env.store,
    cipher,
    allowPrivateUrls: true,
    now: NOW,
    correlationId: 'req_1',
  });
  const rows = async (workspaceId: string): Promise<string[]> =>
    (
      await env.db.pool.query<{ row: string }>('SELECT row_to_json(events)::text AS row FROM events WHERE stream_name = $1 ORDER BY stream_revision', [
        webhookEndpointStreamName(workspaceId),
      ])
    ).rows.map((r) => r.row);
  const secretsOf = async (workspaceId: string, cipher: SecretCipher): Promise<string[]> =>
    signingSecrets(await loadWebhookEndpoint(env.store, workspaceId), NOW, cipher);

  it('stores only a sealed envelope; the secret shown at registration and rotation is what signs', async () => {
    const workspaceId = (await createWorkspace(env.store, 'sealed', NOW)).id;
    const { secret } = await registerWebhookEndpoint(context(OLD), workspaceId, 'http://127.0.0.1:9/hook');
    const rotated = await rotateWebhookSecret(context(OLD), workspaceId, 3600);
    const stored = (await rows(workspaceId)).join('\n');
    for (const plaintext of [secret, rotated.secret]) {
      expect(plaintext).toMatch(/^whsec_/);
      expect(stored).not.toContain(plaintext);
      expect(stored).not.toContain((plaintext ?? '').slice('whsec_'.length));
    }
    expect(stored).toMatch(/"sealed_secret": ?\{/);
    expect(await secretsOf(workspaceId, OLD)).toEqual([rotated.secret, secret]);
  });

  it('a sealed secret copied into another endpoint does not open there', async () => {
    const source = (await createWorkspace(env.store, 'source', NOW)).id;
    const target = (await createWorkspace(env.store, 'target', NOW)).id;
    await registerWebhookEndpoint(context(OLD), source, 'http://127.0.0.1:9/a');
    const [registered] = await env.store.read(webhookEndpointStreamName(source));
    const data = { ...(registered.data as Record<string, unknown>), workspace_id: target, endpoint_id: newId('webhookEndpoint') };
    const metadata = { ...registered.metadata, workspace_id: target };
    await env.store.append(webhookEndpointStreamName(target), [{ id: newId('event'), type: registered.type, data, metadata }], 'no_stream');
    await expect(secretsOf(target, OLD)).rejects.toBeInstanceOf(SecretOpenError);
    // Re-encryption cannot open it either: reported, left alone, and the run goes on.
    const report = await resealWebhookSecrets(env.db.pool, ROTATED);
    expect(report.failed).toEqual([{ event_id: expect.any(String), error: expect.stringContaining('does not open') }]);
  });

  it('endpoints registered before sealing (plaintext in the event) still sign, and reencrypt seals them in place', async () => {
    const workspaceId = (await createWorkspace(env.store, 'legacy', NOW)).id;
    const endpointId = newId('webhookEndpoint');
    const plaintext = 'whsec_legacy-plaintext-secret-written-before-issue-11';
    const metadata = { workspace_id: workspaceId, correlation_id: 'req_old', causation_id: null, schema_version: 1, occurred_at: NOW.toISOString() };
    const data = {
      workspace_id: workspaceId,
      endpoint_id: endpointId,
      url: 'https://hooks.example.com/in',
      secret: plaintext,
      registered_at: NOW.toISOString(),
    };
    await env.store.append(webhookEndpointStreamName(workspaceId), [{ id: newId('event'), type: 'webhook_endpoint.registered', data, metadata }], 'no_stream');
    expect(await secretsOf(workspaceId, OLD)).toEqual([plaintext]);

    const report = await resealWebhookSecrets(env.db.pool, OLD);
    expect(report.sealed_plaintext).toBeGreaterThanOrEqual(1);
    expect((await rows(workspaceId)).join('\n')).not.toContain(plaintext);
    expect(await secretsOf(workspaceId, OLD)).toEqual([plaintext]);
    expect(await resealWebhookSecrets(env.db.pool, OLD)).toMatchObject({ resealed: 0, sealed_plaintext: 0 });
  });

  it('rotates the key: reencrypt moves every secret to the new key, after which the old key can go', async () => {
    const workspaceId = (await createWorkspace(env.store, 'rotation', NOW)).id;
    const { secret } = await registerWebhookEndpoint(context(OLD), workspaceId, 'http://127.0.0.1:9/hook');
    await expect(secretsOf(workspaceId, NEW_ONLY)).rejects.toBeInstanceOf(UnknownSecretKeyError);
    // New key first in the keyring: what was sealed under k1 still opens.
    expect(await secretsOf(workspaceId, ROTATED)).toEqual([secret]);
    const report = await resealWebhookSecrets(env.db.pool, ROTATED);
    expect(report).toMatchObject({ object: 'secrets_reencryption', active_key_id: 'k2' });
    expect(report.resealed).toBeGreaterThanOrEqual(1);
    expect((await rows(workspaceId)).join('\n')).toMatch(/"kid": ?"k2"/);
    expect((await rows(workspaceId)).join('\n')).not.toMatch(/"kid": ?"k1"/);
    expect(await secretsOf(workspaceId, NEW_ONLY)).toEqual([secret]);
  });
});
