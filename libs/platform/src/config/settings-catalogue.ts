/**
 * Every environment variable the service reads, with the default its loader really uses, what it
 * does, and which processes read it. The README's settings table is rendered from this list
 * (`npm run settings:table`), and tools/architecture/settings-catalogue.spec.ts fails when a
 * loader reads a setting that is not here, when one here is read nowhere, or when the README's
 * table is stale. The loaders stay where they are (service-config.ts and its neighbours); this
 * list describes them, it does not replace them. Each group's settings are in settings/<group>.settings.ts.
 */

import type { Setting, SettingReader } from './settings/setting';
import { connectionSettings } from './settings/connections.settings';
import { timeSettings } from './settings/time.settings';
import { limitSettings } from './settings/limits.settings';
import { throughputSettings } from './settings/throughput.settings';
import { webhookSettings } from './settings/webhooks.settings';
import { ledgerSettings } from './settings/ledger.settings';
import { consoleSettings } from './settings/console.settings';
import { attachmentSettings } from './settings/attachments.settings';
import { mailAndNotificationSettings } from './settings/mail-and-notifications.settings';
import { observabilitySettings } from './settings/observability.settings';
import { securitySettings } from './settings/security.settings';
import { mcpServerSettings } from './settings/mcp-server.settings';
import { expertCliSettings } from './settings/expert-cli.settings';

export type { Setting, SettingGroup, SettingReader } from './settings/setting';

export const SETTINGS: readonly Setting[] = [
  ...connectionSettings,
  ...timeSettings,
  ...limitSettings,
  ...throughputSettings,
  ...webhookSettings,
  ...ledgerSettings,
  ...consoleSettings,
  ...attachmentSettings,
  ...mailAndNotificationSettings,
  ...observabilitySettings,
  ...securitySettings,
  ...mcpServerSettings,
  ...expertCliSettings,
];

/** A default written in words ("unset", "a random key per process") rather than a value to set. */
export const describedInWords = (value: string): boolean => value === 'unset' || /^[a-z]+( [a-z]+)+$/.test(value);

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function defaultCell(value: string | null): string {
  if (value === null) return 'none';
  return describedInWords(value) ? value : `\`${value}\``;
}

function readersCell(readers: readonly SettingReader[]): string {
  if (readers.length === 0) return 'none yet';
  return readers.map((reader) => (reader === 'all' ? 'every service' : reader)).join(', ');
}

/** The README's settings section: one Markdown table per group, in the catalogue's order. */
export function renderSettingsTable(settings: readonly Setting[] = SETTINGS): string {
  const groups = [...new Set(settings.map((setting) => setting.group))];
  return groups
    .map((group) => {
      const rows = settings
        .filter((setting) => setting.group === group)
        .map((setting) => `| \`${setting.name}\` | ${cell(defaultCell(setting.default))} | ${cell(setting.meaning)} | ${readersCell(setting.used_by)} |`);
      return [`### ${group}`, '', '| setting | default | meaning | read by |', '| --- | --- | --- | --- |', ...rows].join('\n');
    })
    .join('\n\n');
}
