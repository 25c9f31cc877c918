import { accessibilityViolations, clearScreenshots, screenshots } from '../support/browser';
import { heading as headingOn, notice as noticeOn, PERSON_CLOCKS, recordedStep, signInInvitedExpert, UI_TIMEOUT_MS } from '../support/console-page';
import { startServices } from '../support/service-harness';
import type { Expert } from '../routing/support/routing-e2e';
import { startConsoleE2e, stopConsoleE2e, type ConsoleE2e } from './support/console-e2e';

const CLOCKS = {
  ...PERSON_CLOCKS,
  // Long enough for a script to answer two offers (and photograph the page) before they lapse,
  // short enough that the third one lapses within the test.
  OFFER_TIMEOUT_SECONDS: '60',
};
const SKILL = 'offers-keyboard';
const PREFIX = 'offers-keyboard-';

interface MissedOfferBody {
  data: { deployment_id: string; skills: string[]; credits_reserved: number; offered_at: string; ending: string; reason: string | null; ended_at: string }[];
}

describe('the Offers page by keyboard, and missed offers (Playwright, real services)', () => {
  // The suite's parts, as startConsoleE2e hands them over in beforeAll.
  let { services, e2e, workspace, browser, page } = {} as ConsoleE2e;
  let ada: Expert;
  const accessibility: Record<string, unknown[]> = {};
  const briefs = {
    lapse: 'Lapse me: write three subject lines for the spring newsletter.',
    decline: 'Decline me: translate the returns policy into Dutch.',
    accept: 'Accept me: tighten the pricing page’s first paragraph.',
  };
  const ids: Record<keyof typeof briefs, string> = { lapse: '', decline: '', accept: '' };

  const heading = (name: string | RegExp) => headingOn(page, name);
  const notice = (text: string | RegExp) => noticeOn(page, text);
  const focusedOffer = () => page.evaluate('document.activeElement?.getAttribute("data-deployment-id") ?? null');
  const recorded = (name: string, run: () => Promise<void>) => recordedStep(() => page, `${PREFIX}${name}`, run);

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith(PREFIX) || file.startsWith(`failed-${PREFIX}`));
    ({ services, e2e, workspace, browser, page } = await startConsoleE2e(startServices(CLOCKS), 'offers-keyboard-e2e'));
    ada = await e2e.addExpert([SKILL], 20, { name: 'Ada Lane' });
  }, 120_000);

  afterAll(() => stopConsoleE2e(browser, services));

  it(
    'Tab reaches the first offer; arrows move; D declines with a typed reason; A accepts; a third lapses',
    recorded('keyboard', async () => {
      await signInInvitedExpert(page, services, e2e, ada, 'ada@example.com');
      await page.getByText('No missed offers', { exact: false }).waitFor({ timeout: UI_TIMEOUT_MS });

      // Three offers, one after the other: the list is soonest expiry first, so lapse, decline, accept.
      for (const name of ['lapse', 'decline', 'accept'] as const) {
        const created = await e2e.create(workspace.keys.live, { brief: briefs[name], skills: [SKILL] });
        expect(created.status).toBe(201);
        ids[name] = created.body.id;
        expect((await e2e.waitForOffer(ids[name], 1)).expertId).toBe(ada.id);
        await page.locator(`[data-deployment-id="${ids[name]}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      }

      // The shortcuts are announced: a visible hint, and aria-keyshortcuts on each offer and button.
      const hint = page.locator('#offer-keys-hint');
      expect(await hint.isVisible()).toBe(true);
      expect(await hint.textContent()).toMatch(/A.*accepts.*D.*declines/);
      const card = (name: keyof typeof briefs) => page.locator(`[data-deployment-id="${ids[name]}"]`);
      expect(await card('decline').getAttribute('aria-keyshortcuts')).toBe('A D');
      expect(await card('decline').getByRole('button', { name: 'Accept' }).getAttribute('aria-keyshortcuts')).toBe('A');

      // The heading has the focus when the page opens; one Tab reaches the first offer (roving tabindex: one stop for the list).
      await page.locator('h1').focus();
      await page.keyboard.press('Tab');
      expect(await focusedOffer()).toBe(ids.lapse);
      // D then Esc: the decline step opens and closes again, the offer kept and back in focus.
      await page.keyboard.press('d');
      await card('lapse').getByLabel('Reason for declining').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.keyboard.press('Escape');
      await card('lapse').getByLabel('Reason for declining').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await focusedOffer()).toBe(ids.lapse);
      await page.keyboard.press('ArrowDown');
      expect(await focusedOffer()).toBe(ids.decline);

      // D: the reason field opens with the focus; A and D typed there are text, not commands.
      await page.keyboard.press('d');
      const reason = card('decline').getByLabel('Reason for declining');
      await reason.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate('document.activeElement?.tagName')).toBe('TEXTAREA');
      const typed = 'Not my field: a Dutch translator would do it better.';
      await page.keyboard.type(typed);
      expect(await reason.inputValue()).toBe(typed);
      expect(await e2e.types(ids.decline)).not.toContain('deployment.offer_declined');
      expect(await e2e.types(ids.decline)).not.toContain('deployment.accepted');
      await screenshots(page, `${PREFIX}declining`, { lightOnly: true, alsoWidths: [390] });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter'); // "Decline offer"
      await notice(/Offer declined/);
      await card('decline').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      const declined = (await e2e.events(ids.decline)).find((event) => event.type === 'deployment.offer_declined');
      expect(declined?.data.reason).toBe(typed);
      // The focus goes to the neighbour, not back to the top of the page.
      expect(await focusedOffer()).toBe(ids.accept);

      accessibility.offers = await accessibilityViolations(page);
      await screenshots(page, `${PREFIX}open`, { alsoWidths: [390] });
      // At 360 px the Offers tab's count badge stays on the label's line (a string: this file has no DOM types).
      await page.setViewportSize({ width: 360, height: 780 });
      const badgeBesideLabel = `(() => {
      const tab = [...document.querySelectorAll('nav[aria-label="Main"] a')].find((link) => link.textContent.startsWith('Offers'));
      const label = document.createRange();
      label.selectNodeContents(tab.firstChild);
      const text = label.getBoundingClientRect();
      const badge = tab.querySelector('.count').getBoundingClientRect();
      return { count: tab.querySelector('.count').textContent.trim(), sameLine: badge.top < text.bottom && badge.bottom > text.top };
    })()`;
      expect(await page.evaluate(badgeBesideLabel)).toEqual({ count: '(2)', sameLine: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      // End, then A: the offer in focus is accepted and its work opens.
      await page.keyboard.press('Home');
      expect(await focusedOffer()).toBe(ids.lapse);
      await page.keyboard.press('End');
      expect(await focusedOffer()).toBe(ids.accept);
      await page.keyboard.press('a');
      await heading(/Accept me/);
      await notice(/Offer accepted/);
      await e2e.waitForStatus(workspace.keys.live, ids.accept, 'accepted');
      expect((await e2e.get(workspace.keys.live, ids.lapse)).body.status).toBe('pending');
    }),
    240_000,
  );

  it(
    'the lapsed and the declined offer show under missed offers, newest first, without their briefs',
    recorded('missed', async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /Offers/ })
        .click();
      await heading('Offers');
      // Left alone, the first offer lapses (OFFER_TIMEOUT_SECONDS) and joins the list live.
      const missed = page.getByRole('list', { name: 'Missed offers' });
      await missed.locator(`[data-missed-deployment-id="${ids.lapse}"]`).getByText('Lapsed').waitFor({ timeout: 120_000 });
      const declinedItem = missed.locator(`[data-missed-deployment-id="${ids.decline}"]`);
      await declinedItem.getByText('Declined').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await declinedItem.textContent()).toContain('Not my field: a Dutch translator would do it better.');
      expect(await missed.locator(':scope > li').evaluateAll((items) => items.map((item) => item.getAttribute('data-missed-deployment-id')))).toEqual([
        ids.decline,
        ids.lapse,
      ]);
      const text = (await missed.textContent()) ?? '';
      for (const brief of Object.values(briefs)) expect(text).not.toContain(brief.slice(0, 20));
      expect(text).toContain(SKILL);
      expect(text).not.toContain(ids.accept);

      // The API the page reads: the same two, with the reservation, newest first.
      const api = await e2e.asExpert<MissedOfferBody>(ada, 'GET', '/offers/missed');
      expect(api.status).toBe(200);
      expect(api.body.data.map((item) => [item.deployment_id, item.ending, item.reason])).toEqual([
        [ids.decline, 'declined', 'Not my field: a Dutch translator would do it better.'],
        [ids.lapse, 'lapsed', null],
      ]);
      const reserved = (await e2e.get(workspace.keys.live, ids.lapse)).body as unknown as { credits_reserved: number };
      expect(api.body.data[1]).toMatchObject({ skills: [SKILL], credits_reserved: reserved.credits_reserved });
      expect(JSON.stringify(api.body)).not.toContain('Lapse me');
      // Another expert's credential sees none of Ada's.
      const bo = await e2e.addExpert(['elsewhere'], 30, { name: 'Bo Chen' });
      expect((await e2e.asExpert<MissedOfferBody>(bo, 'GET', '/offers/missed')).body.data).toEqual([]);

      accessibility.missed = await accessibilityViolations(page);
      await screenshots(page, `${PREFIX}missed`, { alsoWidths: [390] });
    }),
    240_000,
  );

  it('finds no accessibility violation of any impact (axe, light and dark)', () => {
    expect(Object.keys(accessibility).sort()).toEqual(['missed', 'offers']);
    expect(Object.fromEntries(Object.entries(accessibility).filter(([, findings]) => findings.length > 0))).toEqual({});
  });
});
