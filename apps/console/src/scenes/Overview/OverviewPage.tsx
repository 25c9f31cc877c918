import { Fact } from '../../common/Fact/Fact';
import { useUsage, useUsageHistory, useWorkspace } from '../../api/workspace-queries';
import type { Mode, Usage, UsageHistory } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { formatDateTime, plural } from '../../common/format';
import { useNow } from '../../common/Countdown/use-now';
import { Page } from '../../common/Page/Page';
import { capText, planName } from '../../common/plan-text';
import { QueryStates } from '../../common/States/States';
import { BurnChart, ForecastChart } from '../../common/UsageChart/UsageChart';
import { cycleUsage, forecastSeries } from '../../common/UsageChart/usage-figures';

const HISTORY_DAYS = 30;
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const day = (iso: string) => dateOnly.format(new Date(iso));
const n = (value: number) => Math.round(value).toLocaleString();
const YEAR_MS = 365 * 86_400_000;
/** A depletion centuries away (a large grant, a trickle of work) reads as what it means. */
const depletionText = (iso: string, now: number) => (Date.parse(iso) - now > YEAR_MS ? 'More than a year away' : day(iso));

/** Credits, the cycle, the burn rate and where it leads: the first page a member sees. */
export default function OverviewPage({ mode }: { mode: Mode }) {
  const usage = useUsage(mode);
  const history = useUsageHistory(mode, HISTORY_DAYS);
  return (
    <Page title="Overview" lead={<p>Your credits, the current cycle and where the burn rate leads.</p>}>
      {mode === 'test' && (
        <p className="callout">
          Test mode bills nothing: test deployments draw no credits. The figures below are your workspace's one (live) account, for reference; the last 30 days
          show no charges in test mode.
        </p>
      )}
      <QueryStates query={usage} what="your usage" />
      {usage.isSuccess && <Figures usage={usage.data} mode={mode} />}
      {usage.isSuccess && <QueryStates query={history} what="the last 30 days" />}
      {usage.isSuccess && history.isSuccess && <Charts usage={usage.data} history={history.data} mode={mode} />}
    </Page>
  );
}

function Figures({ usage, mode }: { usage: Usage; mode: Mode }) {
  // The usage object names the plan; the workspace says whether its figures are the preset's.
  const customised = useWorkspace().data?.plan_customised ?? false;
  const now = useNow();
  const daysLeft = Math.max(0, Math.ceil((Date.parse(usage.cycle_end) - now) / 86_400_000));
  return (
    <>
      <dl className="totals" aria-label="Credit figures">
        <Fact label="Credits remaining">{n(usage.credits_remaining)}</Fact>
        <Fact label="Reserved by deployments in flight">{n(usage.credits_reserved)}</Fact>
        <Fact label="Burn rate (7-day average)">
          {n(usage.burn_rate_daily)}
          <span className="totals__unit"> credits/day</span>
        </Fact>
        <Fact
          label="Forecasted depletion"
          className={usage.forecasted_depletion && Date.parse(usage.cycle_end) > Date.parse(usage.forecasted_depletion) ? 'totals__warn' : undefined}
        >
          {usage.forecasted_depletion ? depletionText(usage.forecasted_depletion, now) : 'Not at this rate'}
        </Fact>
      </dl>
      <section className="card" aria-labelledby="cycle-heading">
        <h2 id="cycle-heading">This cycle</h2>
        <dl className="facts facts--row">
          <Fact label="Cycle">
            {day(usage.cycle_start)} to {day(usage.cycle_end)} ({plural(daysLeft, 'day')} left)
          </Fact>
          <Fact label="Plan">
            {planName(usage.plan, customised)}: {capText(usage.plan)}, a cycle of {plural(usage.plan.cycle_days, 'day')}
          </Fact>
          <Fact label="In flight">
            {n(usage.in_flight)} of {n(usage.plan.in_flight_limit)} live deployments (<Link to={dashboardPath(mode, { page: 'plan' })}>limits</Link>)
          </Fact>
          <Fact label="Live deployments started this cycle">{n(usage.deployments_this_cycle)}</Fact>
        </dl>
      </section>
    </>
  );
}

function Charts({ usage, history, mode }: { usage: Usage; history: UsageHistory; mode: Mode }) {
  const now = useNow();
  // The forecast moves by the minute at most: a new `now` every second would redraw for nothing.
  const minute = Math.floor(now / 60_000) * 60_000;
  const cycle = cycleUsage(history.days, usage.cycle_start, usage.plan.cycle_cap_credits);
  const forecast = forecastSeries({
    now: minute,
    remaining: usage.credits_remaining,
    burnPerDay: usage.burn_rate_daily,
    cycleEnd: usage.cycle_end,
    depletion: usage.forecasted_depletion,
  });
  const charged = history.days.reduce((sum, d) => sum + d.credits_charged, 0);
  const busiest = history.days.reduce(
    (top, d) => (d.credits_charged > top.credits_charged ? d : top),
    history.days[0] ?? { date: '', credits_charged: 0, deployments_completed: 0 },
  );
  const burnSummary =
    charged === 0
      ? `Nothing charged in the last ${HISTORY_DAYS} days.${mode === 'test' ? ' Test mode bills nothing.' : ''}`
      : `${n(charged)} credits charged in the last ${HISTORY_DAYS} days; the busiest day was ${day(busiest.date)} with ${n(busiest.credits_charged)}. The 7-day average is ${n(usage.burn_rate_daily)} a day.`;
  const forecastSummary = !usage.forecasted_depletion
    ? `Nothing burns at the moment: the ${n(usage.credits_remaining)} credits remaining last past the cycle's end (${day(usage.cycle_end)}).`
    : Date.parse(usage.forecasted_depletion) - now > YEAR_MS
      ? `At ${n(usage.burn_rate_daily)} credits a day, the ${n(usage.credits_remaining)} remaining last more than a year, well past the cycle's end (${day(usage.cycle_end)}).`
      : `At ${n(usage.burn_rate_daily)} credits a day, the ${n(usage.credits_remaining)} remaining run out around ${formatDateTime(usage.forecasted_depletion)}${Date.parse(usage.forecasted_depletion) < Date.parse(usage.cycle_end) ? ', before the cycle ends' : ', after the cycle ends'} (${day(usage.cycle_end)}).`;
  return (
    <>
      <section className="card" aria-labelledby="thresholds-heading">
        <h2 id="thresholds-heading">Thresholds</h2>
        <p>
          {cycle.cap > 0 ? (
            <>
              <strong>{n(cycle.charged)}</strong> of the cycle's {n(cycle.cap)} credits charged ({Math.floor(cycle.percent ?? 0)} %). A{' '}
              <code>usage.threshold_reached</code> webhook fires once per cycle at each line.
            </>
          ) : (
            'This plan has no cycle cap, so no thresholds apply.'
          )}
        </p>
        {cycle.cap > 0 && (
          <>
            <div className="meter" aria-hidden="true">
              <div className="meter__fill" style={{ width: `${Math.min(100, cycle.percent ?? 0)}%` }} />
              {cycle.thresholds.map((t) => (
                <div key={t.percent} className={`meter__tick${t.crossed ? ' meter__tick--crossed' : ''}`} style={{ left: `${t.percent}%` }} />
              ))}
            </div>
            <ul className="threshold-list">
              {cycle.thresholds.map((t) => (
                <li key={t.percent} className={t.crossed ? 'threshold threshold--crossed' : 'threshold'}>
                  <span aria-hidden="true">{t.crossed ? '● ' : '○ '}</span>
                  <strong>{t.percent} %</strong> ({n(t.credits)} credits): {t.crossed ? 'crossed this cycle' : 'not reached'}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <div className="chart-grid">
        <BurnChart days={history.days} burnPerDay={usage.burn_rate_daily} summary={burnSummary} />
        <ForecastChart forecast={forecast} summary={forecastSummary} cycleEndLabel={`Cycle ends ${day(usage.cycle_end)}`} />
      </div>
    </>
  );
}
