import { acceptInvitation, confirm, eventually, heading, notice, signIn, UI_TIMEOUT_MS } from '../support/dashboard-page';
import { STEP_TIMEOUT_MS, ZONE, type FirstUseWorld } from './world';

/** A light or dark choice, the sections on a phone, and an operator's confirmed grants and plan changes. */
export function appearanceAndOperatorChecks(world: FirstUseWorld): void {
  it(
    'a person picks light or dark over the system setting, kept on this device across reloads, and can go back to the system',
    world.step('theme', async ({ page, url, capture }) => {
      const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor') as Promise<string>;
      await page.goto(url('/overview'));
      await heading(page, 'Overview');
      const light = await background();
      await page.locator('.account summary').click();
      await page.getByLabel('Colours').selectOption('dark');
      expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
      const dark = await background();
      expect(dark).not.toBe(light);
      await page.reload();
      await heading(page, 'Overview');
      expect(await background()).toBe(dark);
      await capture(page, 'theme-dark');
      await page.locator('.account summary').click();
      await page.getByLabel('Colours').selectOption('system');
      expect(await page.evaluate('document.documentElement.dataset.theme ?? null')).toBeNull();
      expect(await background()).toBe(light);
      await page.locator('.account summary').click();
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'on a phone, the world.current section is scrolled into view in the row of sections; test mode keeps its banner inside a landmark',
    world.step('phone', async ({ services, browser, page, url, capture }) => {
      const phone = await (await browser.newContext({ width: 390, height: 844, timezoneId: ZONE })).newPage();
      world.current = () => phone;
      // Sign-in shows the password on request (a toggle button, pressed while shown).
      await phone.goto(url('/sign-in'));
      await heading(phone, 'Sign in');
      await phone.getByLabel('Password').fill('typed on a phone');
      await phone.getByRole('button', { name: 'Show the password' }).click();
      expect(await phone.getByLabel('Password').getAttribute('type')).toBe('text');
      expect(await phone.getByRole('button', { name: 'Hide the password' }).getAttribute('aria-pressed')).toBe('true');
      await capture(phone, 'sign-in');
      // The pictures leave the page at desktop width: back to the phone's.
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.getByRole('button', { name: 'Hide the password' }).click();
      expect(await phone.getByLabel('Password').getAttribute('type')).toBe('password');
      await signIn(phone, services.baseUrl, 'bea@bramble.example', 'Overview');
      for (const [section, title] of [
        ['Audit log', 'Audit log'],
        ['Plan and limits', 'Plan and limits'],
      ] as const) {
        await phone.goto(url(section === 'Audit log' ? '/audit-log' : '/plan'));
        await heading(phone, title);
        const link = phone.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true });
        await eventually(async () => {
          const box = await link.boundingBox();
          return box && box.x >= 0 && box.x + box.width <= 390 ? true : undefined;
        }, `${section} in view`);
      }
      const widths = (await phone.evaluate('({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })')) as {
        scroll: number;
        client: number;
      };
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await capture(phone, 'phone-plan');
      await phone.goto(url('/test/overview'));
      await phone.getByRole('note', { name: 'Test mode' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await heading(phone, 'Overview');
      await capture(phone, 'test-mode');
      world.current = () => page;
      await phone.context().close();
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'an operator confirms a grant and a plan change before they apply, and sees every grant and plan change with who made it',
    world.step('operator', async ({ services, browser, page, workspace, url, capture, admin }) => {
      const invitation = await services.ops<{ url: string }>('operator:invite', '--email', 'opal@ops.example', '--name', 'Opal Ops');
      const operator = await (await browser.newContext({ width: 1280, height: 800, timezoneId: ZONE })).newPage();
      world.current = () => operator;
      await acceptInvitation(operator, services.baseUrl, invitation.url, 'Opal Ops', 'Roster');
      await operator.goto(url(`/ops/accounts/${workspace.id}`));
      await heading(operator, 'Account of Bramble Bakery');
      const history = operator.getByRole('list', { name: 'Grants and plan changes' });
      await history.getByText('1,000 credits granted').or(history.getByText('1000 credits granted')).waitFor({ timeout: UI_TIMEOUT_MS });
      await operator
        .getByText(/live deployments? started/)
        .first()
        .waitFor();
      expect(await operator.getByText(/credits in \d+ deployment/).count()).toBe(0);
      await operator
        .getByText(/standard \(customised\)/)
        .first()
        .waitFor();

      const topup = async () => ((await admin('GET', `/admin/v1/workspaces/${workspace.id}/account`)).body as { topup: number }).topup;
      const before = await topup();
      await operator.getByRole('spinbutton', { name: 'Credits', exact: true }).fill('500');
      await operator.getByLabel('Reference (optional)').fill('inv-77');
      await operator.getByRole('button', { name: 'Grant credits' }).click();
      const dialog = operator.getByRole('dialog', { name: 'Grant 500 credits to Bramble Bakery?' });
      await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
      // Nothing applies before the confirmation.
      expect(await topup()).toBe(before);
      expect(await operator.evaluate('document.activeElement.textContent')).toBe('Cancel');
      await capture(operator, 'ops-grant-confirm');
      await confirm(operator, 'Grant 500 credits');
      await notice(operator, /500 credits granted/);
      await history.getByText('500 credits granted').waitFor({ timeout: UI_TIMEOUT_MS });
      await history.getByText(/reference inv-77/).waitFor();
      await history
        .getByText(/opal@ops\.example/)
        .first()
        .waitFor();

      await operator.getByLabel('In-flight limit').fill('30');
      await operator.getByRole('button', { name: 'Change the plan' }).click();
      await operator.getByRole('dialog', { name: 'Change the plan of Bramble Bakery?' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await confirm(operator, 'Change the plan');
      await notice(operator, /Plan changed/);
      await history.getByText(/Plan changed to standard: no credits included each cycle, 30 in flight/).waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(operator, 'ops-account');
      world.current = () => page;
      await operator.context().close();
    }),
    STEP_TIMEOUT_MS,
  );
}
