/**
 * The overview's two small charts, drawn by hand in SVG (no chart library: the console's first
 * load stays small). Each is an image with a text summary, and its figures are a table one click
 * away, so nothing is only in the picture.
 */
import { useId, type ReactNode } from 'react';
import { niceMax, type DayUsage, type Forecast } from './usage-figures';
import { DataTable } from '../DataTable/DataTable';

const W = 600;
const H = 220;
const PAD = { left: 52, right: 16, top: 14, bottom: 30 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;

const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (date: string) => shortDate.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
const number = (n: number) => Math.round(n).toLocaleString();
/** Axis labels stay short however large the account ("100M"). */
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

function YAxis({ max }: { max: number }) {
  return (
    <g className="chart__axis">
      {[0, 0.5, 1].map((share) => {
        const y = PAD.top + plotH * (1 - share);
        return (
          <g key={share}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="chart__grid" />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end">
              {compact.format(max * share)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

interface ChartFrameProps {
  title: string;
  summary: string;
  children: ReactNode;
  table: ReactNode;
}

function ChartFrame({ title, summary, children, table }: ChartFrameProps) {
  const titleId = useId();
  const descId = useId();
  return (
    <figure className="chart card">
      <figcaption>
        <h2 className="chart__title">{title}</h2>
        <p className="chart__summary" id={descId}>
          {summary}
        </p>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="chart__svg" role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        {children}
      </svg>
      <details className="chart__table">
        <summary>Show the figures as a table</summary>
        {table}
      </details>
    </figure>
  );
}

/** Credits charged per day, with the 7-day burn rate as a dashed line. */
export function BurnChart({ days, burnPerDay, summary }: { days: DayUsage[]; burnPerDay: number; summary: string }) {
  const max = niceMax(Math.max(10, burnPerDay, ...days.map((day) => day.credits_charged)));
  const slot = plotW / Math.max(1, days.length);
  const y = (value: number) => PAD.top + plotH * (1 - value / max);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  return (
    <ChartFrame
      title="Credits charged per day"
      summary={summary}
      table={
        <DataTable
          label="Credits charged per day"
          region={false}
          columns={['Day (UTC)', { label: 'Credits charged', numeric: true }, { label: 'Deployments completed', numeric: true }]}
          className="table table--compact"
        >
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel(day.date)}</th>
              <td className="numeric">{number(day.credits_charged)}</td>
              <td className="numeric">{number(day.deployments_completed)}</td>
            </tr>
          ))}
        </DataTable>
      }
    >
      <YAxis max={max} />
      {days.map((day, index) => {
        const height = plotH * (day.credits_charged / max);
        return (
          <g key={day.date}>
            <rect
              className="chart__bar"
              x={PAD.left + index * slot + slot * 0.15}
              width={slot * 0.7}
              y={PAD.top + plotH - height}
              height={Math.max(0, height)}
            />
            {labelled.has(index) && (
              <text className="chart__axis" x={PAD.left + index * slot + slot / 2} y={H - 8} textAnchor="middle">
                {dayLabel(day.date)}
              </text>
            )}
          </g>
        );
      })}
      {burnPerDay > 0 && (
        <g>
          <line className="chart__rate" x1={PAD.left} x2={W - PAD.right} y1={y(burnPerDay)} y2={y(burnPerDay)} />
          <text className="chart__label" x={PAD.left + 6} y={y(burnPerDay) - 6} textAnchor="start">
            7-day average {number(burnPerDay)}/day
          </text>
        </g>
      )}
    </ChartFrame>
  );
}

/** Credits remaining from now, at today's burn rate: where it reaches zero, and where the cycle ends. */
export function ForecastChart({ forecast, summary, cycleEndLabel }: { forecast: Forecast; summary: string; cycleEndLabel: string | null }) {
  const max = niceMax(Math.max(10, ...forecast.points.map((point) => point.remaining)));
  const x = (day: number) => PAD.left + plotW * (day / forecast.spanDays);
  const y = (value: number) => PAD.top + plotH * (1 - value / max);
  const line = forecast.points.map((point) => `${x(point.day).toFixed(1)},${y(point.remaining).toFixed(1)}`).join(' ');
  const area = `${x(0)},${y(0)} ${line} ${x(forecast.spanDays)},${y(0)}`;
  const end = forecast.points[forecast.points.length - 1];
  return (
    <ChartFrame
      title="Forecast: credits remaining"
      summary={summary}
      table={
        <DataTable
          label="Forecast of credits remaining"
          region={false}
          columns={['Day (UTC)', { label: 'Credits remaining (forecast)', numeric: true }]}
          className="table table--compact"
        >
          {forecast.points.map((point) => (
            <tr key={point.day}>
              <th scope="row">{point.day === 0 ? `Now (${dayLabel(point.at)})` : dayLabel(point.at)}</th>
              <td className="numeric">{number(point.remaining)}</td>
            </tr>
          ))}
        </DataTable>
      }
    >
      <YAxis max={max} />
      <polygon className="chart__area" points={area} />
      <polyline className="chart__line" points={line} />
      <text className="chart__axis" x={x(0)} y={H - 8} textAnchor="start">
        Now
      </text>
      {end && (
        <text className="chart__axis" x={x(forecast.spanDays)} y={H - 8} textAnchor="end">
          {dayLabel(end.at)}
        </text>
      )}
      {forecast.cycleEndDay !== null && forecast.cycleEndDay <= forecast.spanDays && (
        <g>
          <line className="chart__marker" x1={x(forecast.cycleEndDay)} x2={x(forecast.cycleEndDay)} y1={PAD.top} y2={PAD.top + plotH} />
          <text className="chart__label" x={x(forecast.cycleEndDay) - 4} y={PAD.top + 12} textAnchor="end">
            {cycleEndLabel ?? 'Cycle ends'}
          </text>
        </g>
      )}
      {forecast.depletionDay !== null && (
        <g>
          <circle className="chart__point" cx={x(forecast.depletionDay)} cy={y(0)} r={5} />
          <text
            className="chart__label chart__label--warn"
            x={x(forecast.depletionDay)}
            y={y(0) - 10}
            textAnchor={forecast.depletionDay > forecast.spanDays * 0.7 ? 'end' : 'middle'}
          >
            Runs out
          </text>
        </g>
      )}
    </ChartFrame>
  );
}
