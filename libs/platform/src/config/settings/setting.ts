/** What the settings catalogue says of one environment variable. */

/**
 * A process that reads the setting; `all` is every service (gateway, relay, router, ledger, webhooks,
 * and the workers process that runs the last four together); `launcher` is `npm start`.
 */
export type SettingReader = 'gateway' | 'router' | 'webhooks' | 'ledger' | 'relay' | 'mcp' | 'cli' | 'launcher' | 'all';

export type SettingGroup =
  | 'Connections'
  | 'Time'
  | 'Limits'
  | 'Throughput'
  | 'Webhooks'
  | 'Ledger'
  | 'Console'
  | 'Attachments'
  | 'Mail and notifications'
  | 'Observability'
  | 'Security'
  | 'MCP server'
  | 'Expert CLI';

export interface Setting {
  readonly name: string;
  /** As a person would write it in the environment; `unset` when nothing is assumed; null when there is no default at all. */
  readonly default: string | null;
  /** One sentence, in plain words. */
  readonly meaning: string;
  /** Empty while no process uses it yet (a library that a service has still to wire). */
  readonly used_by: readonly SettingReader[];
  readonly group: SettingGroup;
}

/** A setting as its group's file writes it: the group and the processes that read it are added for a run of them. */
type Described = Omit<Setting, 'group' | 'used_by'>;
type Entry = Omit<Setting, 'group'>;

/** Settings read by the same processes, which are named once for all of them. */
export const readBy = (used_by: readonly SettingReader[], settings: readonly Described[]): Entry[] => settings.map((setting) => ({ ...setting, used_by }));

/** A group's settings, in the order its runs of readers list them. */
export const inGroup = (group: SettingGroup, ...runs: readonly Entry[][]): Setting[] => runs.flat().map((entry) => ({ ...entry, group }));
