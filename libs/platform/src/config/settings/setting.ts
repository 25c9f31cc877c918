/** What the settings catalogue says of one environment variable. */

/** A process that reads the setting; `all` is every service (gateway, relay, router, ledger, webhooks). */
export type SettingReader = 'gateway' | 'router' | 'webhooks' | 'ledger' | 'relay' | 'mcp' | 'cli' | 'all';

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

/** A setting as its group's file writes it; the group is added once for the whole list. */
type Entry = Omit<Setting, 'group'>;

export const inGroup = (group: SettingGroup, entries: readonly Entry[]): Setting[] => entries.map((entry) => ({ ...entry, group }));
