import type { Page } from 'playwright-core';
import { request } from '../../support/http';
import { acceptInvitation, confirm, eventually, heading, notice, open, shownSecret, UI_TIMEOUT_MS } from '../support/dashboard-page';
import { STEP_TIMEOUT_MS, type DashboardStory } from './story';

/** An operator's pages: accounts, limit requests, dead letters of every workspace, the roster, other operators. */
export function operatorSteps(story: DashboardStory): void {
  let operator: Page;
  it(
    "an operator signs in through the same page and works the accounts, the owner's limit request and the dead letters of every workspace",
    story.step('operator', async ({ services, receiver, browser, page, record, url, liveDeliveries }) => {
      // A fresh dead letter in the owner's workspace for the operator to replay.
      story.failing = true;
      await page.goto(url(`/webhooks/${story.endpointId}`));
      await heading(page, 'Endpoint');
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await notice(page, /Test event sent/);
      const dead = await eventually(async () => {
        const found = await liveDeliveries('status=dead_lettered');
        return found.length >= 1 ? found : undefined;
      }, 'a new dead letter');
      story.failing = false;

      const invitation = await services.ops<{ url: string }>('operator:invite', '--email', 'opal@ops.example', '--name', 'Opal Ops');
      operator = await (await browser.newContext()).newPage();
      story.current = () => operator;
      await acceptInvitation(operator, services.baseUrl, invitation.url, 'Opal Ops', 'Roster');
      expect(new URL(operator.url()).pathname).toBe('/console/ops/roster');
      // An operator has no dashboard: a member's pages are not theirs.
      await operator.goto(url('/deployments'));
      await heading(operator, 'Page not found');

      await operator.goto(url('/ops/accounts'));
      await heading(operator, 'Accounts');
      await operator.getByRole('link', { name: 'Acme Bakeries' }).click();
      await heading(operator, 'Account of Acme Bakeries');
      await operator.getByText('Open limit requests').waitFor({ timeout: UI_TIMEOUT_MS });
      await operator.getByRole('spinbutton', { name: 'Credits', exact: true }).fill('500');
      await operator.getByLabel('Reference (optional)').fill('inv-42');
      await operator.getByRole('button', { name: 'Grant credits' }).click();
      await confirm(operator, 'Grant 500 credits');
      await notice(operator, /500 credits granted/);
      await record.capture(operator, 'ops-account');
      await operator.getByRole('button', { name: 'Grant', exact: true }).click();
      await notice(operator, /Granted: the in-flight limit is now 50/);
      await open(operator, 'Accounts');
      await record.capture(operator, 'ops-accounts', { lightOnly: true });
      await open(operator, 'Limit requests');
      await operator.getByText('No open requests.').waitFor({ timeout: UI_TIMEOUT_MS });
      await operator.getByLabel('Show').selectOption('all');
      await operator
        .locator('[data-limit-request-id]')
        .getByText(/Granted/)
        .first()
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(operator, 'ops-limit-requests', { lightOnly: true });

      // The owner sees the answer and the new limit.
      story.current = () => page;
      await page.goto(url('/plan'));
      await heading(page, 'Plan and limits');
      await page
        .getByRole('list', { name: 'Limit requests' })
        .getByText(/Granted/)
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(/^50/).first().waitFor();
      // The grant is in the workspace's audit log with the operator who made it.
      await open(page, 'Audit log');
      await page.locator('tr[data-action="credits.granted"]').getByText('opal@ops.example').waitFor({ timeout: UI_TIMEOUT_MS });

      story.current = () => operator;
      await open(operator, 'Dead letters');
      const row = operator.locator(`tr[data-delivery-id="${dead[0].id}"]`);
      await row.getByText('Acme Bakeries').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(operator, 'ops-dead-letters');
      await operator.getByRole('button', { name: 'Replay all of every workspace' }).click();
      await confirm(operator, 'Replay them all');
      await notice(operator, /Replayed 1 of 1 dead letter/);
      await eventually(() => receiver.processed.get(dead[0].id), 'the dead letter delivered again');
      await operator.getByText('No dead letters.').waitFor({ timeout: UI_TIMEOUT_MS });
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'the operator works the roster: add an expert (credential shown once), availability, profile, console invitation, retirement',
    story.step('roster', async ({ services, record }) => {
      story.current = () => operator;
      await open(operator, 'Roster');
      await operator
        .getByRole('row', { name: /Ada Lane/ })
        .getByText('Not invited')
        .waitFor({ timeout: UI_TIMEOUT_MS });

      await operator.getByRole('button', { name: 'Add an expert' }).click();
      await operator.getByLabel('Name').fill('Bo Chen');
      await operator.getByLabel('Role', { exact: true }).fill('Brand strategist');
      await operator.getByLabel('Skills').fill('naming, positioning');
      await operator.getByRole('button', { name: 'Add to the roster' }).click();
      await notice(operator, /Bo Chen added to the roster/);
      const credential = await shownSecret(operator);
      expect(credential).toMatch(/^svc_expert_/);
      expect((await request(services.baseUrl, 'GET', '/expert/v1/me', { key: credential })).status).toBe(200);
      await record.capture(operator, 'ops-roster');
      await operator.getByRole('link', { name: 'invite them' }).click();
      await heading(operator, 'Bo Chen');
      await operator.getByRole('combobox', { name: 'Availability' }).selectOption('busy');
      await notice(operator, /Bo Chen is now busy/);
      await operator.getByLabel('Role', { exact: true }).fill('Senior brand strategist');
      await operator.getByRole('button', { name: 'Save profile' }).click();
      await notice(operator, /profile saved/);
      await operator.getByRole('textbox', { name: 'Email' }).fill('bo@experts.example');
      await operator.getByRole('button', { name: 'Invite to the console' }).click();
      expect(await shownSecret(operator)).toMatch(/\/console\/invitations\//);
      const bo = await request<{ role: string; availability: string }>(services.baseUrl, 'GET', `/expert/v1/me`, { key: credential });
      expect(bo.body).toMatchObject({ role: 'Senior brand strategist', availability: 'busy' });
      await record.capture(operator, 'ops-expert', { lightOnly: true });
      await operator.getByRole('button', { name: 'Retire the expert' }).click();
      await confirm(operator, 'Retire');
      await notice(operator, /Bo Chen retired/);
      await heading(operator, 'Roster');
      expect((await request(services.baseUrl, 'GET', '/expert/v1/me', { key: credential })).status).toBe(401);

      const row = operator.getByRole('row', { name: /Bo Chen/ });
      await row.getByText('Retired').waitFor({ timeout: UI_TIMEOUT_MS });
      // Retiring revokes the open console invitation: the roster says so.
      await row.getByText('Not invited').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(operator, 'ops-roster-list', { lightOnly: true });
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'an operator invites another operator from the operations pages; the link, shown once, signs the new operator in',
    story.step('operators', async ({ services, browser, record }) => {
      story.current = () => operator;
      await open(operator, 'Operators');
      await operator.getByLabel('Email').fill('not an email');
      await operator.getByRole('button', { name: 'Invite' }).click();
      await operator.getByText('Enter their email address').waitFor();
      await operator.getByLabel('Email').fill('olivia@acme.example');
      await operator.getByRole('button', { name: 'Invite' }).click();
      await notice(operator, /Not invited/);
      await operator.getByLabel('Email').fill('otto@ops.example');
      await operator.getByLabel('Name (optional)').fill('Otto Ops');
      await operator.getByRole('button', { name: 'Invite' }).click();
      await notice(operator, /Invitation for otto@ops.example made/);
      const link = await shownSecret(operator);
      expect(link).toMatch(/\/console\/invitations\/[^/]+$/);
      await record.capture(operator, 'ops-operators', { lightOnly: true });
      await operator.getByRole('button', { name: 'Done' }).click();
      await operator.locator('.secret__value').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      const otto = await (await browser.newContext()).newPage();
      story.current = () => otto;
      await acceptInvitation(otto, services.baseUrl, link, 'Otto Ops', 'Roster');
      expect(new URL(otto.url()).pathname).toBe('/console/ops/roster');
      await otto.context().close();
      await operator.context().close();
    }),
    STEP_TIMEOUT_MS,
  );
}
