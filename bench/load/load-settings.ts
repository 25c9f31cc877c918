import { isServiceLayout, SERVICE_LAYOUTS, type ServiceLayout } from '../../apps/launcher/src/service-layout';

/** `--name value` from the bench's command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

/** The bench's command line, as load.bench.ts's usage line gives it, with the defaults of a full run. */
export const settings = {
  seconds: Number(option('seconds', '60')),
  rates: option('rates', '20,50,100,200').split(',').map(Number),
  getRate: Number(option('get-rate', '500')),
  liveRate: Number(option('live-rate', '5')),
  liveSeconds: Number(option('live-seconds', '30')),
  closedSeconds: Number(option('closed-seconds', '10')),
  /** `stream` (default): experts hold the console's event stream and act on its offers, reachable as the router requires; `poll`: they poll /expert/v1/offers (routing without presence). */
  liveExperts: option('live-experts', 'stream') === 'poll' ? ('poll' as const) : ('stream' as const),
  /** Only the live phase: a short before/after comparison without the test-mode rates. */
  liveOnly: process.argv.includes('--live-only'),
  unlimited: process.argv.includes('--unlimited'),
  traceSlow: Number(option('trace-slow', '0')),
  workspaces: process.argv.includes('--unlimited') ? 1 : Number(option('workspaces', '5')),
  /** The processes the services run in: `npm start`'s default unless asked (SERVICE_LAYOUT). */
  layout: option('layout', 'combined'),
};
if (!isServiceLayout(settings.layout)) throw new Error(`--layout must be one of ${Object.keys(SERVICE_LAYOUTS).join(', ')}; got "${settings.layout}"`);
export const layout: ServiceLayout = settings.layout;
