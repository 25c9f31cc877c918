import { waitUntil } from '@eh/platform/testing';
import webpush from 'web-push';
import { request } from '../test/support/http';
import { LocalPushService } from '../test/support/push-service';
import { startServices } from '../test/support/service-harness';
import { SmtpInbox } from '../test/support/smtp-inbox';
import { percentiles } from './latency';
import { runBench } from './bench-run';

/**
 * `npm run bench:notify`: how long an expert waits to hear of an offer (target p95 ≤ 2 s). BENCH_EXPERTS
 * (50) experts, each with e-mail (a real SMTP server on loopback) and one push subscription (a push
 * service on loopback that decrypts each push); one offer to each, created at an even BENCH_RATE
 * (10 per second). The clock starts at the offer's `offered_at` (the router's append) and stops when
 * the SMTP server has the whole message, or the push service has the decrypted push: router →
 * relay → JetStream → webhooks service (plan, claim, send).
 */
const ADMIN_API_KEY = 'svc_admin_notify_bench_0123456789abcdef';
const admin = { authorization: `Bearer ${ADMIN_API_KEY}` };

async function registerExpert(baseUrl: string, skill: string): Promise<{ id: string; credential: string }> {
  const body = {
    name: `Bench ${skill}`,
    role: 'Copywriter',
    skills: [skill],
    tenure_years: 5,
    median_turnaround_minutes: 30,
    rate_credits_per_hour: 60,
    availability: 'online',
  };
  const response = await request<{ expert: { id: string }; credential: string }>(baseUrl, 'POST', '/admin/v1/experts', { headers: admin, body });
  if (response.status !== 201) throw new Error(`add expert: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.expert.id, credential: response.body.credential };
}

/** Invited and accepted: the expert's console address is where their mail goes. */
async function joinConsole(baseUrl: string, expertId: string, email: string): Promise<void> {
  const invitation = await request<{ url: string }>(baseUrl, 'POST', `/admin/v1/experts/${expertId}/invitations`, { headers: admin, body: { email } });
  if (invitation.status !== 201) throw new Error(`invite: ${invitation.status} ${JSON.stringify(invitation.body)}`);
  const token = invitation.body.url.split('/').pop() ?? '';
  const accepted = await request(baseUrl, 'POST', `/console/api/v1/invitations/${token}/accept`, { body: { password: 'correct horse battery staple' } });
  if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

async function main(): Promise<void> {
  const experts = Number(process.env.BENCH_EXPERTS ?? 50);
  const rate = Number(process.env.BENCH_RATE ?? 10);
  const vapid = webpush.generateVAPIDKeys();
  const inbox = await new SmtpInbox().start();
  const push = await new LocalPushService().start();
  const services = await startServices({
    ADMIN_API_KEY,
    RATE_LIMIT_PER_MINUTE: '1000000',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    SMTP_URL: inbox.url,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    OFFER_TIMEOUT_SECONDS: '600',
    SLA_STANDARD_SECONDS: '7200',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    LOG_LEVEL: 'warn',
  });
  try {
    const workspace = await services.ops<{ keys: { live: string } }>('workspace:create', '--name', 'bench-notify');
    const roster: { id: string; credential: string; skill: string; email: string }[] = [];
    for (let index = 0; index < experts; index += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, experts - index) }, async (_, offset) => {
          const n = index + offset;
          const skill = `bench-notify-${n}`;
          const expert = await registerExpert(services.baseUrl, skill);
          const email = `expert-${n}@bench.test`;
          await joinConsole(services.baseUrl, expert.id, email);
          const subscribed = await request(services.baseUrl, 'POST', '/expert/v1/push-subscriptions', {
            key: expert.credential,
            body: push.subscribe(`expert-${n}`),
          });
          if (subscribed.status !== 201) throw new Error(`subscribe: ${subscribed.status} ${JSON.stringify(subscribed.body)}`);
          roster.push({ ...expert, skill, email });
        }),
      );
    }
    process.stdout.write(`${experts} experts with e-mail and push; offering one deployment to each at ${rate}/s\n`);
    const ids: string[] = [];
    const started = Date.now();
    for (const [index, expert] of roster.entries()) {
      const due = started + (index * 1000) / rate;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
        key: workspace.keys.live,
        body: { brief: 'Name the bakery.', skills: [expert.skill] },
      });
      if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      ids.push(created.body.id);
    }
    await waitUntil(async () => (inbox.messages.length >= experts && push.received.length >= experts ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 100,
      description: 'every mail and push',
    });
    const { rows } = await services.database.pool.query<{ deployment_id: string; offered_at: string }>(
      `SELECT data->>'deployment_id' AS deployment_id, data->>'offered_at' AS offered_at FROM events WHERE event_type = 'deployment.offered' AND data->>'deployment_id' = ANY($1)`,
      [ids],
    );
    const offeredAt = new Map(rows.map((row) => [row.deployment_id, Date.parse(row.offered_at)]));
    const mailLatency = inbox.messages.map((mail) => {
      const id = ids.find((candidate) => mail.messageId?.includes(candidate));
      return mail.receivedAt - (offeredAt.get(id ?? '') ?? Number.NaN);
    });
    const pushLatency = push.received.map((received) => received.receivedAt - (offeredAt.get(received.payload.deployment_id as string) ?? Number.NaN));
    const show = (name: string, samples: number[]): void => {
      const figures = percentiles(samples);
      process.stdout.write(`offer → ${name}: n=${samples.length} p50=${figures.p50} ms p95=${figures.p95} ms max=${figures.max} ms\n`);
    };
    // Where the time goes: the reactor's planning (the row's created_at) and the dispatcher's send.
    const sends = await services.database.pool.query<{ deployment_id: string; channel: string; created_at: Date; sent_at: Date | null }>(
      'SELECT deployment_id, channel, created_at, sent_at FROM notification_sends WHERE deployment_id = ANY($1)',
      [ids],
    );
    show(
      'send planned',
      sends.rows.filter((row) => row.channel === 'email').map((row) => row.created_at.getTime() - (offeredAt.get(row.deployment_id) ?? Number.NaN)),
    );
    show(
      'e-mail recorded sent',
      sends.rows
        .filter((row) => row.channel === 'email' && row.sent_at)
        .map((row) => (row.sent_at as Date).getTime() - (offeredAt.get(row.deployment_id) ?? Number.NaN)),
    );
    show('e-mail received', mailLatency);
    show('push received', pushLatency);
    const duplicates = inbox.messages.length - new Set(inbox.messages.map((mail) => mail.messageId)).size;
    process.stdout.write(`mails ${inbox.messages.length}, pushes ${push.received.length}, duplicate Message-IDs ${duplicates}\n`);
  } finally {
    await services.stop();
    await Promise.all([inbox.stop(), push.stop()]);
  }
}

runBench(main);
