/**
 * Which processes run the services on one machine. `combined`, the default: the gateway, and every
 * service behind it in one `workers` process (apps/workers), so an event wakes one process, not
 * three or four. `separate`: each service in a process of its own, as a cluster runs them, each
 * restarted and scaled alone. Both run the same modules on the same durables and queues.
 */
export const SERVICE_LAYOUTS = {
  // The first process to start creates the schema; the others wait on its advisory lock if they race it.
  combined: ['workers', 'gateway'],
  separate: ['relay', 'router', 'webhooks', 'ledger', 'gateway'],
} as const;

export type ServiceLayout = keyof typeof SERVICE_LAYOUTS;
/** A process of some layout: the app it runs, compiled to dist/apps/<name>/src/main.js. */
export type ServiceProcess = (typeof SERVICE_LAYOUTS)[ServiceLayout][number];

export const isServiceLayout = (value: string): value is ServiceLayout => Object.hasOwn(SERVICE_LAYOUTS, value);

/** The services the workers process runs: those with a process of their own only when separate. */
const RUN_BY_WORKERS: ReadonlySet<string> = new Set(SERVICE_LAYOUTS.separate.filter((name) => !(SERVICE_LAYOUTS.combined as readonly string[]).includes(name)));

/** The process that runs service `name` in `layout` (the router is the workers process when combined); any other name is its own. */
export function processRunning<Name extends string>(layout: ServiceLayout, name: Name): Name | 'workers' {
  return layout === 'combined' && RUN_BY_WORKERS.has(name) ? 'workers' : name;
}

/** SERVICE_LAYOUT, `combined` when unset; any other value is refused with the values it may take. */
export function serviceLayoutFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceLayout {
  const value = env.SERVICE_LAYOUT?.trim() || 'combined';
  if (!isServiceLayout(value)) throw new Error(`SERVICE_LAYOUT must be one of ${Object.keys(SERVICE_LAYOUTS).join(', ')}; got "${value}"`);
  return value;
}
