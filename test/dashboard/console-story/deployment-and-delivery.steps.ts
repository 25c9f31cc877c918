import { request } from '../../support/http';
import { confirm, eventually, heading, notice, open, UI_TIMEOUT_MS } from '../support/dashboard-page';
import { HOOK_PATH, SKILL, STEP_TIMEOUT_MS, type DashboardStory } from './story';

/** A live deployment watched to its end, and the dead letters a failing receiver leaves, replayed. */
export function deploymentAndDeliverySteps(story: DashboardStory): void {
  it(
    'creates a live deployment with the key over REST and watches it complete in the dashboard, without reloading',
    story.step('deployment-live', async ({ services, e2e, receiver, page, expert, record, verifies }) => {
      await open(page, 'Deployments');
      await page.getByText('No live deployments yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployments-empty', { lightOnly: true });
      await page.evaluate('window.__sameDocument = true');

      const created = await e2e.create(story.liveKey, {
        brief: 'Rewrite the hero of our landing page. Keep it short; the audience is small bakeries.',
        skills: [SKILL],
        metadata: { order: 'A-17' },
      });
      expect(created.status).toBe(201);
      story.deploymentId = created.body.id;
      // The row arrives over the live stream.
      const row = page.locator(`tr[data-deployment-id="${story.deploymentId}"]`);
      await row.getByText('Pending').waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByRole('link').click();
      await heading(page, /Rewrite the hero/);
      await page.getByText('Updates live').waitFor({ timeout: UI_TIMEOUT_MS });

      // The expert's tooling drives the work; each change shows up on the open page.
      expect((await e2e.waitForOffer(story.deploymentId, 1)).expertId).toBe(expert.id);
      const status = (text: string) => page.locator('.deployment-status').getByText(text).waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await e2e.asExpert(expert, 'POST', `/deployments/${story.deploymentId}/accept`)).status).toBe(200);
      await status('Accepted');
      expect((await e2e.asExpert(expert, 'POST', `/deployments/${story.deploymentId}/start`)).status).toBe(200);
      await status('In progress');
      expect(
        (await e2e.asExpert(expert, 'POST', `/deployments/${story.deploymentId}/ask`, { question: 'Which competitor should we position against?' })).status,
      ).toBe(200);
      await status('Needs your reply');
      await page.getByText('Which competitor should we position against?', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployment-needs-reply', { lightOnly: true });
      expect(
        (
          await request(services.baseUrl, 'POST', `/v1/deployments/${story.deploymentId}/reply`, {
            key: story.liveKey,
            body: { body: 'Acme Bakeware. Their tone is loud; we want the opposite.' },
          })
        ).status,
      ).toBe(200);
      await page.getByText('Acme Bakeware. Their tone is loud; we want the opposite.', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await status('In progress');

      const bytes = Buffer.from('hero options\nOne: Bake less paperwork.\n', 'utf8');
      const uploaded = await fetch(`${services.baseUrl}/expert/v1/attachments?deployment_id=${story.deploymentId}&filename=hero-options.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${expert.credential}`, 'content-type': 'text/plain' },
        body: new Uint8Array(bytes),
      });
      expect(uploaded.status).toBe(201);
      const attachment = (await uploaded.json()) as { id: string };
      const markdown =
        '# Bake less paperwork\n\nOrders, stock and invoices in **one quiet place**.\n\n<img src=x onerror="window.__xss=1">\n\n- Opens before you do';
      const published = await e2e.asExpert(expert, 'POST', `/deployments/${story.deploymentId}/publish`, {
        body: markdown,
        duration_seconds: 1800,
        credits_charged: 20,
        attachments: [{ attachment_id: attachment.id }],
      });
      expect(published.status).toBe(200);
      await status('Completed');
      const output = page.getByRole('region', { name: "The expert's output" });
      await output.getByRole('heading', { name: 'Bake less paperwork' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await output.locator('strong').textContent()).toBe('one quiet place');
      expect(await output.locator('img').count()).toBe(0);
      expect(await page.evaluate('window.__xss')).toBeUndefined();
      const link = page.getByRole('link', { name: /hero-options\.txt/ });
      const download = await fetch((await link.getAttribute('href')) ?? '');
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
      // The timeline has every public event, in order.
      const timeline = page.getByRole('list', { name: 'Events' });
      await timeline.locator('[data-event-type="deployment.completed"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const types = await timeline.locator('[data-event-type]').evaluateAll((items) => items.map((item) => item.getAttribute('data-event-type')));
      const milestones = ['deployment.accepted', 'deployment.in_progress', 'deployment.needs_input', 'deployment.reply_received', 'deployment.completed'];
      expect(types.filter((type) => milestones.includes(type ?? ''))).toEqual(milestones);
      expect(await page.evaluate('window.__sameDocument')).toBe(true);
      // Each change also reached the endpoint, signed with its secret.
      // The test event and accepted, in_progress, needs_input, reply_received, completed.
      const received = await receiver.waitForDeliveries(HOOK_PATH, 6);
      expect(received.filter((webhook) => webhook.event === 'deployment.completed').every((webhook) => verifies(webhook, [story.endpointSecret]))).toBe(true);
      await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
      await record.capture(page, 'deployment');

      await open(page, 'Deployments');
      await page.locator(`tr[data-deployment-id="${story.deploymentId}"]`).getByText('Completed').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Filters', { exact: true }).click();
      await page.getByLabel('Completed').check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.locator(`tr[data-deployment-id="${story.deploymentId}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployments');
      await open(page, 'Overview');
      await page.getByText(/charged in the last 30 days/).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'overview');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'a receiver answering 500 fills the dead letters; the owner replays one from the drill-down and the rest in bulk; each arrives with its original Service-Delivery',
    story.step('dead-letters', async ({ receiver, page, record, url, liveDeliveries, verifies }) => {
      story.failing = true;
      await page.goto(url(`/webhooks/${story.endpointId}`));
      await heading(page, 'Endpoint');
      for (let n = 1; n <= 3; n++) {
        const sent = page.waitForResponse(
          (response) => response.url().endsWith(`/v1/webhook_endpoints/${story.endpointId}/test`) && response.request().method() === 'POST',
        );
        await page.getByRole('button', { name: 'Send a test event' }).click();
        expect((await sent).status()).toBe(201);
      }
      await notice(page, /Test event sent/);
      const dead = await eventually(async () => {
        const found = await liveDeliveries('status=dead_lettered');
        return found.length >= 3 ? found : undefined;
      }, '3 dead letters');
      const deadIds = dead.map((delivery) => delivery.id);
      // Every failed attempt carried the delivery's own id.
      for (const id of deadIds) expect(receiver.received.filter((webhook) => webhook.deliveryId === id && webhook.path === HOOK_PATH)).toHaveLength(3);
      story.failing = false;

      // The drill-down: endpoint → delivery → attempt, with a replay at the end of it.
      await page.reload();
      await heading(page, 'Endpoint');
      const first = dead[dead.length - 1];
      await page.locator(`tr[data-delivery-id="${first.id}"]`).getByText('Dead letter').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator(`tr[data-delivery-id="${first.id}"]`).getByRole('link', { name: 'webhook.test' }).click();
      await heading(page, 'Delivery of webhook.test');
      await page.getByRole('row', { name: /Attempt 3/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page
        .getByText(/500 in \d/)
        .first()
        .waitFor();
      await record.capture(page, 'delivery');
      await page.getByRole('link', { name: 'Attempt 3' }).click();
      await heading(page, 'Attempt 3');
      await page.getByText('A 5xx or another status: retried on the schedule, then dead-lettered.').waitFor();
      await record.capture(page, 'attempt');
      await page.getByRole('button', { name: `Replay the webhook.test delivery ${first.id}` }).click();
      await notice(page, /Replaying del_/);
      await eventually(() => receiver.processed.get(first.id), `${first.id} delivered again`);

      await open(page, 'Dead letters');
      await page.locator('[data-delivery-id]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await eventually(async () => ((await page.locator('tr[data-delivery-id]').count()) === 2 ? true : undefined), 'two dead letters listed');
      await record.capture(page, 'dead-letters');
      await page.getByRole('button', { name: 'Replay all dead letters' }).click();
      await confirm(page, 'Replay them all');
      await page.getByText(/Done: 2 of 2 replayed/).waitFor({ timeout: UI_TIMEOUT_MS });
      await notice(page, /Replay finished: 2 of 2 dead letters sent again/);
      for (const id of deadIds) await eventually(() => receiver.processed.get(id), `${id} delivered again`);
      for (const id of deadIds) {
        const replayed = receiver.processed.get(id);
        expect(replayed?.deliveryId).toBe(id);
        expect(replayed && verifies(replayed, [story.endpointSecret])).toBe(true);
      }
      await page.getByText('No dead letters.').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'dead-letters-empty', { lightOnly: true });

      await open(page, 'Delivery log');
      await page.getByText('Filters', { exact: true }).click();
      await page.getByLabel('Status').selectOption('succeeded');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.locator(`tr[data-delivery-id="${first.id}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deliveries');
    }),
    STEP_TIMEOUT_MS,
  );
}
