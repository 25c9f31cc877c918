import { testDatabaseForSuite } from '@eh/platform/testing';
import { allMigrations } from '../../../../test/support/all-contexts';
import type { Notification } from '../domain/notification';
import { claimDueSends, planSends, recordOutcome } from './notification-sends.store';
import { listNotificationSends } from './notification-sends.query';
import { changeSettings, removeSubscription, saveSubscription } from './notification-settings.store';
import { reachableChannels } from './reachable-channels.query';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const ADA = 'spec_01JADA0000000000000000000A';
const notification = (n: number): Notification => ({
  id: `offer:dep_01JDEP000000000000000000000:${n}`,
  kind: 'offer',
  expertId: ADA,
  deploymentId: 'dep_01JDEP000000000000000000000',
  offerNumber: n,
  message: { title: 't', body: 'b', url: '/offers', skills: ['seo'], credits_cap: 10, expires_at: null },
});
const email = { channel: 'email' as const, subscriptionId: '', recipient: 'ada@example.test' };

describe('notification sends and settings in PostgreSQL', () => {
  const db = testDatabaseForSuite(allMigrations);

  it('plans each (notification, channel, subscription) once, however often the event is handled', async () => {
    expect(await planSends(db().pool, notification(1), [email, { channel: 'push', subscriptionId: 'psub_1', recipient: 'psub_1' }], T0)).toBe(2);
    expect(await planSends(db().pool, notification(1), [email], T0)).toBe(0);
    expect(await planSends(db().pool, notification(1), [], T0)).toBe(0);
  });

  it('a claim holds a send for its lease: no second claim until it runs out, then the attempt counts again', async () => {
    await planSends(db().pool, notification(2), [email], T0);
    const first = await claimDueSends(db().pool, T0, 1_000, 10);
    // The first case's sends, claimed too, are settled here: only notification 2's is followed.
    for (const other of first.filter((send) => send.notification_id !== notification(2).id))
      await recordOutcome(db().pool, other, { status: 'failed', error: 'x' }, T0);
    expect(first.map((send) => [send.notification_id, send.channel, send.attempts])).toEqual(expect.arrayContaining([[notification(2).id, 'email', 1]]));
    expect(await claimDueSends(db().pool, at(999), 1_000, 10)).toEqual([]);
    const again = await claimDueSends(db().pool, at(1_000), 1_000, 10);
    const reclaimed = again.find((send) => send.notification_id === notification(2).id);
    expect(reclaimed?.attempts).toBe(2);
    // The first claim's late outcome is not written over the second claim's.
    const stale = first.find((send) => send.notification_id === notification(2).id);
    if (!stale || !reclaimed) throw new Error('claims missing');
    await recordOutcome(db().pool, stale, { status: 'sent' }, at(1_100));
    await recordOutcome(db().pool, reclaimed, { status: 'retrying', nextAttemptAt: at(5_000), error: '451' }, at(1_100));
    expect(await claimDueSends(db().pool, at(4_999), 1_000, 10)).toEqual([]);
    const third = await claimDueSends(db().pool, at(5_000), 1_000, 10);
    await recordOutcome(db().pool, third[0], { status: 'sent' }, at(5_100));
    const page = await listNotificationSends(db().pool, ADA, 100, null);
    expect(page.data.find((row) => row.notification_id === notification(2).id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      last_error: '451',
      sent_at: at(5_100).toISOString(),
      subscription_id: null,
    });
  });

  it('lists newest first, a page at a time', async () => {
    const first = await listNotificationSends(db().pool, ADA, 2, null);
    expect(first.hasMore).toBe(true);
    const second = await listNotificationSends(db().pool, ADA, 2, first.lastSeq);
    expect([...first.data, ...second.data].map((row) => `${row.notification_id} ${row.channel}`)).toEqual([
      `${notification(2).id} email`,
      `${notification(1).id} push`,
      `${notification(1).id} email`,
    ]);
    expect(second.hasMore).toBe(false);
  });

  it('reachable channels follow the settings, the address, SMTP and the live subscriptions', async () => {
    const BO = 'spec_01JBO00000000000000000000B';
    await db().pool.query("INSERT INTO expert_console_accounts_view (expert_id, email, password_id, updated_at) VALUES ($1, 'bo@example.test', NULL, now())", [
      BO,
    ]);
    expect((await reachableChannels(db().pool, [BO], true)).get(BO)).toEqual({ email: true, push: false });
    expect((await reachableChannels(db().pool, [BO], false)).get(BO)).toEqual({ email: false, push: false });
    // One browser endpoint, saved again under a new id: the first subscription stands.
    const saveEndpoint = (subscriptionId: string) =>
      saveSubscription(db().pool, BO, { endpoint: 'https://push.example/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }, 'UA', subscriptionId, T0);
    const saved = await saveEndpoint('psub_01JSUB0000000000000000000A');
    expect(saved.created).toBe(true);
    const again = await saveEndpoint('psub_01JSUB0000000000000000000B');
    expect([again.created, again.subscription.id]).toEqual([false, saved.subscription.id]);
    expect(await reachableChannels(db().pool, [BO, ADA], true)).toEqual(
      new Map([
        [BO, { email: true, push: true }],
        [ADA, { email: false, push: false }],
      ]),
    );
    await changeSettings(db().pool, BO, { email_enabled: false }, T0);
    expect((await reachableChannels(db().pool, [BO], true)).get(BO)).toEqual({ email: false, push: true });
    expect(await removeSubscription(db().pool, BO, saved.subscription.id, T0)).toBe(true);
    expect(await removeSubscription(db().pool, BO, saved.subscription.id, T0)).toBe(false);
    expect((await reachableChannels(db().pool, [BO], true)).get(BO)).toEqual({ email: false, push: false });
  });
});
