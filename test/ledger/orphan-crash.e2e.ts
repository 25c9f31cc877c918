/**
 * No leak on crash: the gateway dies between reserve and the append of
 * `deployment.created`, and the ledger releases the orphaned reservation after its deadline
 * (here 4 s, swept every 200 ms). The test reads the hold and its release from the account's
 * stream, so a loaded machine's delays do not change what it sees. The crash comes from
 * outside: a trigger in the test's database holds the append
 * (support/append-hold.ts) and the test SIGKILLs the gateway while it waits there. A retry under the same Idempotency-Key then
 * creates the deployment, holding credits again.
 */
import { newId } from '@eh/contracts';
import { waitUntil } from '@eh/platform/testing';
import { AppendHold } from './support/append-hold';
import { LedgerE2e, type Workspace } from './support/ledger-e2e';

interface AccountSummary {
  credits_remaining: number;
  credits_reserved: number;
}

describe('a gateway killed between reserve and append', () => {
  let e2e: LedgerE2e;
  let workspace: Workspace;

  const account = () => e2e.services.ops<AccountSummary>('account:show', '--workspace', workspace.id);

  beforeAll(async () => {
    e2e = await LedgerE2e.start({
      LEDGER_RESERVATION_TTL_SECONDS: '4',
      LEDGER_SWEEP_INTERVAL_MS: '200',
      SLA_STANDARD_SECONDS: '600',
      OFFER_TIMEOUT_SECONDS: '600',
    });
    await e2e.expert('ledger-crash', 60, 60);
    workspace = await e2e.workspace('crash', { cap: 1000, inFlight: 10 });
  });

  afterAll(async () => {
    await e2e?.stop();
  });

  it('leaks nothing: the orphan is released within the deadline plus one sweep', async () => {
    const headers = { 'Idempotency-Key': 'crash-once' };
    const hold = await AppendHold.install(e2e.services.database.pool, 'deployment.created');
    const creating = e2e.create(workspace.keys.live, 'ledger-crash', { headers });
    // Reserved, and now waiting in the append: a crash here is the one that could leak credits.
    const held = await hold.waitForHeldAppend();
    await e2e.services.kill('gateway');
    await hold.abortHeldAndRemove(held);
    await expect(creating).rejects.toThrow(/fetch failed/);
    // Read from the account's stream, not through the ops CLI: on a loaded machine the CLI's start
    // alone can outlast the 4 s deadline, and the held reservation would already be released.
    const [reserve] = (await e2e.events(`account-${workspace.id}`)).filter((event) => event.type === 'account.credits_reserved');
    expect(reserve?.data).toMatchObject({ amount: 60 });
    const orphanId = reserve!.data.deployment_id as string;
    expect(await e2e.events(`deployment-${orphanId}`)).toEqual([]);

    // Released by the sweep, as an orphan, no earlier than its deadline and within one sweep (plus slack) of it.
    const release = await waitUntil(async () => (await e2e.events(`account-${workspace.id}`)).find((event) => event.type === 'account.credits_released'), {
      timeoutMs: 10_000,
      description: 'the orphan released',
    });
    expect(release.data).toEqual(expect.objectContaining({ deployment_id: orphanId, amount: 60, reason: 'orphaned' }));
    const lateBy = Date.parse(release.data.released_at as string) - Date.parse(reserve!.data.expires_at as string);
    expect(lateBy).toBeGreaterThanOrEqual(0);
    // One sweep late at most, plus room for a loaded host's late timers; far under the default sweep's.
    expect(lateBy).toBeLessThan(200 + 5_000);
    expect((await account()).credits_reserved).toBe(0);
    expect((await account()).credits_remaining).toBe(1000);

    // The same request retried on a healthy gateway creates that very deployment, holding credits again.
    await e2e.services.start('gateway');
    // As if the crashed attempt's 30 s Idempotency-Key lease had run out (docs/decisions.md).
    await e2e.services.database.pool.query("UPDATE idempotency_keys SET locked_until = date_trunc('milliseconds', now() - interval '1 second')");
    const retried = await e2e.create(workspace.keys.live, 'ledger-crash', { headers });
    expect([retried.status, retried.body.id, retried.body.credits_reserved]).toEqual([201, orphanId, 60]);
    await e2e.usageWhen(workspace.keys.live, (usage) => usage.credits_remaining === 940 && usage.deployments_this_cycle === 1, 'after the retry');
    // Past the deadline again, the confirmed reservation stays held. The fence: an orphan held
    // after it, so due after it; once a sweep has released the fence, a sweep has run past the
    // confirmed reservation's deadline too.
    const fence = newId('deployment');
    await e2e.reserveDirectly(workspace.id, fence, 1);
    await waitUntil(
      async () =>
        (await e2e.events(`account-${workspace.id}`)).some((event) => event.type === 'account.credits_released' && event.data.deployment_id === fence),
      {
        timeoutMs: 10_000,
        description: 'the fence orphan released by a sweep',
      },
    );
    expect((await account()).credits_reserved).toBe(60);
  });
});
