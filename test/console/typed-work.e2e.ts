/**
 * The expert console's Work page for a typed answer on a follow-up, in a real browser against the
 * real services: the earlier work shows beside the new brief; the answer form is drawn from the
 * output schema and checks each field inline; the gateway's refusal of a value (the client check
 * bypassed) is shown on the field its pointer names; Ctrl+Enter opens the review step, Escape
 * closes it, Publish there hands the answer over; the agent reads `output.data`, which this test
 * checks with ajv itself. History shows the agents' ratings. axe finds nothing on any state.
 */
import Ajv2020 from 'ajv/dist/2020';
import { clearScreenshots, screenshots, accessibilityViolations } from '../support/browser';
import { heading as headingOn, notice as noticeOn, PERSON_CLOCKS, recordedStep, signInInvitedExpert, UI_TIMEOUT_MS } from '../support/console-page';
import { request } from '../support/http';
import { sharedServices } from '../support/shared-services';
import type { Deployment, Expert } from '../routing/support/routing-e2e';
import { startConsoleE2e, stopConsoleE2e, type ConsoleE2e } from './support/console-e2e';

const SKILL = 'typed-work-e2e';

/** An object, an enum, an array with minItems and strings with maxLength: what the form must draw and check. */
const SCHEMA = {
  type: 'object',
  required: ['headline', 'tone', 'variants', 'details'],
  properties: {
    headline: { type: 'string', title: 'Headline', maxLength: 40 },
    tone: { type: 'string', title: 'Tone', enum: ['warm', 'dry', 'playful'] },
    variants: { type: 'array', title: 'Variants', minItems: 2, items: { type: 'string', title: 'Variant', maxLength: 60 } },
    details: {
      type: 'object',
      title: 'Details',
      required: ['audience'],
      properties: { audience: { type: 'string', title: 'Audience' }, notes: { type: 'string', title: 'Notes' } },
    },
  },
} as const;

describe('the expert console: a typed answer on a follow-up (Playwright, real services)', () => {
  // The suite's parts, as startConsoleE2e hands them over in beforeAll.
  let { services, e2e, workspace, browser, page } = {} as ConsoleE2e;
  let ada: Expert;
  const accessibility: Record<string, unknown[]> = {};
  /** What the page threw, for the failure message (a blank page otherwise says nothing). */
  const pageErrors: string[] = [];

  const audit = async (name: string): Promise<void> => {
    accessibility[name] = await accessibilityViolations(page);
  };
  const heading = (name: string | RegExp) => headingOn(page, name);
  const notice = (text: string | RegExp) => noticeOn(page, text);
  const recorded = (name: string, run: () => Promise<void>) =>
    recordedStep(
      () => page,
      name,
      run,
      async (current) =>
        `last notice: ${
          (await current
            .locator('.notices')
            .textContent()
            .catch(() => null)) || 'none'
        }; page errors: ${pageErrors.join(' | ') || 'none'}`,
    );
  const createLive = async (body: Record<string, unknown>): Promise<string> => {
    const created = await e2e.create(workspace.keys.live, { skills: [SKILL], ...body });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id;
  };
  const expertCall = async (method: 'GET' | 'POST', route: string, body?: unknown): Promise<void> => {
    const response = await e2e.asExpert(ada, method, route, body);
    if (response.status !== 200) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(response.body)}`);
  };

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('typed-') || file.startsWith('failed-typed'));
    ({ services, e2e, workspace, browser, page } = await startConsoleE2e(sharedServices(PERSON_CLOCKS), 'typed-work-e2e'));
    ada = await e2e.addExpert([SKILL], 20, { name: 'Ada Lane' });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
  }, 120_000);

  afterAll(() => stopConsoleE2e(browser, services));

  it(
    'shows the earlier work, checks the form inline, maps a refusal to its field, reviews with Ctrl+Enter and publishes data the agent can validate',
    recorded('typed-flow', async () => {
      // The earlier work, done through the expert API: a question, the agent's reply, an output; the agent rates it.
      const earlier = await createLive({ brief: 'Name our oat milk. One name, with a line on why.' });
      expect((await e2e.waitForOffer(earlier, 1)).expertId).toBe(ada.id);
      await expertCall('POST', `/deployments/${earlier}/accept`);
      await expertCall('POST', `/deployments/${earlier}/start`);
      await expertCall('POST', `/deployments/${earlier}/ask`, { question: 'Is "oat" allowed in the name?' });
      expect(
        (await request(services.baseUrl, 'POST', `/v1/deployments/${earlier}/reply`, { key: workspace.keys.live, body: { body: 'Yes, but not first.' } }))
          .status,
      ).toBe(200);
      await expertCall('POST', `/deployments/${earlier}/publish`, {
        body: '## Groundswell\n\nCalm, **rooted**, and the oat comes second.',
        duration_seconds: 900,
        credits_charged: 10,
      });
      const rated = await request(services.baseUrl, 'POST', `/v1/deployments/${earlier}/feedback`, {
        key: workspace.keys.live,
        body: { rating: 4, comment: 'Clear and on brief.' },
      });
      expect(rated.status).toBe(200);

      // The follow-up asks for a typed answer; it is offered to Ada first.
      const id = await createLive({
        brief: 'Launch lines for Groundswell: a headline, a tone and at least two variants.',
        follow_up_to: earlier,
        output_schema: SCHEMA,
      });
      expect((await e2e.waitForOffer(id, 1)).expertId).toBe(ada.id);
      await expertCall('POST', `/deployments/${id}/accept`);
      await expertCall('POST', `/deployments/${id}/start`);

      // Ada signs in (invitation, password) and opens the work.
      await signInInvitedExpert(page, services, e2e, ada, 'ada@example.com');
      await page.goto(`${services.baseUrl}/console/work/${id}`);
      await heading(/Launch lines for Groundswell/);

      // The earlier work, beside the new brief.
      const followUp = page.getByRole('region', { name: `Follow-up to ${earlier}` });
      await followUp.waitFor({ timeout: UI_TIMEOUT_MS });
      await followUp.getByText('Name our oat milk. One name, with a line on why.').waitFor();
      await followUp.getByText('Is "oat" allowed in the name?').waitFor();
      await followUp.getByText('Yes, but not first.').waitFor();
      await followUp.getByRole('heading', { name: 'Groundswell' }).waitFor();
      expect(await followUp.locator('strong').textContent()).toBe('rooted');

      // The toolbar acts on the selection; the word count follows.
      const body = page.getByLabel('Output (markdown)');
      await body.fill('Groundswell, poured slowly');
      await body.selectText();
      await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
      expect(await body.inputValue()).toBe('**Groundswell, poured slowly**');
      await page.getByTestId('word-count').filter({ hasText: '3 words' }).waitFor();

      // The form: a value too long is flagged as the field is left; Publish waits, saying why.
      const publishButton = page.getByRole('button', { name: 'Publish to the agent' });
      await page.getByLabel('Headline').fill('A headline far longer than forty characters, surely');
      await page.getByLabel('Headline').blur();
      await page.locator('#answer_headline__error').getByText('At most 40 characters.').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByLabel('Headline').getAttribute('aria-describedby')).toContain('answer_headline__error');
      expect(await publishButton.isDisabled()).toBe(true);
      await page
        .getByText(/The typed answer is not valid yet/)
        .first()
        .waitFor();
      await audit('typed-work-invalid');
      await screenshots(page, 'typed-work-invalid', { alsoWidths: [390] });

      // Fixed, and the rest filled in.
      await page.getByLabel('Headline').fill('Groundswell: calm in a glass');
      await page.getByLabel('Tone').selectOption({ label: 'warm' });
      await page.locator('#answer_variants_0').fill('Slow mornings start here.');
      await page.locator('#answer_variants_1').fill('Oat, second. Calm, first.');
      await page.getByLabel('Audience').fill('Independent cafés');
      await page.getByLabel('Audience').blur();
      await page.locator('#answer_headline__error').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await publishButton.and(page.locator(':enabled')).waitFor({ timeout: UI_TIMEOUT_MS });
      await audit('typed-work-valid');
      await screenshots(page, 'typed-work-valid', { alsoWidths: [390] });

      // The client check bypassed (the request rewritten on its way): the gateway refuses, and the field it names says so.
      await page.route('**/expert/v1/deployments/*/publish', async (route) => {
        const sent = JSON.parse(route.request().postData() ?? '{}') as { data: { variants: string[] } };
        sent.data.variants[1] = 'x'.repeat(61);
        await route.continue({ postData: JSON.stringify(sent) });
      });
      await body.press('Control+Enter');
      const review = page.getByRole('dialog', { name: 'Review before publishing' });
      await review.waitFor({ timeout: UI_TIMEOUT_MS });
      await review.getByText("Valid against the agent's schema").waitFor();
      await review.getByRole('button', { name: 'Publish', exact: true }).click();
      await notice(/Not published/);
      await page.locator('#answer_variants_1__error').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.unroute('**/expert/v1/deployments/*/publish');
      await audit('typed-work-refused');
      await screenshots(page, 'typed-work-refused', { lightOnly: true });

      // Ctrl+Enter: the review step; Escape takes it away and publishes nothing.
      await body.press('Control+Enter');
      await review.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Back');
      await review.getByText('3 words').waitFor();
      await audit('typed-review');
      await screenshots(page, 'typed-review', { alsoWidths: [390] });
      await page.keyboard.press('Escape');
      await review.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      expect((await e2e.get(workspace.keys.live, id)).body.status).toBe('in_progress');

      // Again, and Publish.
      await body.press('Control+Enter');
      await review.getByRole('button', { name: 'Publish', exact: true }).click();
      await notice(/Published\. The agent has your output/);
      const done = await e2e.waitForStatus(workspace.keys.live, id, 'completed');
      const output = done.output as unknown as { body: string; data: unknown };
      expect(output.body).toBe('**Groundswell, poured slowly**');
      const expected = {
        headline: 'Groundswell: calm in a glass',
        tone: 'warm',
        variants: ['Slow mornings start here.', 'Oat, second. Calm, first.'],
        details: { audience: 'Independent cafés' },
      };
      expect(output.data).toEqual(expected);
      const validate = new Ajv2020({ allErrors: true }).compile(SCHEMA);
      expect([validate(output.data), validate.errors ?? null]).toEqual([true, null]);
      expect((done as Deployment & { follow_up_to?: string }).follow_up_to).toBe(earlier);

      // History: the mean rating and each item's rating and comment.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
      await heading('History');
      await page.getByTestId('rating-mean').getByText('from 1 rating').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('rating-mean').textContent()).toContain('4 out of 5');
      await page.locator('.history-table').getByText('Clear and on brief.').waitFor();
      await page.locator('.history-table').getByText('Not rated').waitFor();
      await audit('typed-history');
      await screenshots(page, 'typed-history', { alsoWidths: [390] });
    }),
    480_000,
  );

  it('finds no accessibility violation of any impact on any page state (axe, light and dark)', () => {
    expect(Object.keys(accessibility).sort()).toEqual(['typed-history', 'typed-review', 'typed-work-invalid', 'typed-work-refused', 'typed-work-valid']);
    expect(Object.fromEntries(Object.entries(accessibility).filter(([, findings]) => findings.length > 0))).toEqual({});
  });
});
