import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadMailConfig } from '../../libs/mail/src/mail-config';
import { loadConfig } from '../../libs/platform/src/config/service-config';
import { describedInWords, renderSettingsTable, SETTINGS } from '../../libs/platform/src/config/settings-catalogue';
import { natsServersFromEnv } from '../../libs/platform/src/nats/nats-config';
import { logLevelFromEnv } from '../../libs/platform/src/observability/logger';
import { tracingConfigFromEnv } from '../../libs/platform/src/observability/tracing';
import { databaseUrlFromEnv, poolSizeFromEnv, postgresTimeoutsFromEnv } from '../../libs/platform/src/postgres/postgres-config';
import { healthAddressFromEnv } from '../../libs/runtime/src/health-listener';
import { serviceLayoutFromEnv } from '../../apps/launcher/src/service-layout';
import { loadMcpConfig } from '../../apps/mcp/src/mcp.config';
import { loadNotificationConfig } from '../../libs/notifications/src/adapters/notifications-config';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { settingsSection } = require('../settings-table.js') as { settingsSection(readme: string): string | null };

const ROOT = path.resolve(__dirname, '../..');

/** Names the scan finds that are not the service's settings, each with the reason. */
const NOT_SETTINGS: Record<string, string> = {
  BASE_URL: "Vite's `import.meta.env.BASE_URL` in the console: the base path fixed when the console is built, not read from the environment",
};

/** Literal defaults the loader-equality check below cannot compare, each with the reason. */
const DEFAULTS_NOT_COMPARED: Record<string, string> = {
  PUBLIC_BASE_URL: 'derived from GATEWAY_HOST and GATEWAY_PORT, written as such',
  RATE_LIMIT_PER_WORKSPACE_PER_MINUTE: 'derived from RATE_LIMIT_PER_MINUTE (ten keys), written as such',
  CONSOLE_DIR: "unset means the repository's own dist/console, while a value set is taken from the working directory",
};

/** Settings with a literal default that no loader below reads, each with where it is read instead. */
const READ_OUTSIDE_LOADERS: Record<string, string> = {
  EXPERT_API_URL: 'read where the expert CLI starts (apps/cli/src/expert.main.ts), beside its --url option',
};

const NAME = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*';
/** `env.X`, `env?.X`, `process.env.X` (and Vite's `import.meta.env.X`, listed above). */
const MEMBER_READ = new RegExp(`\\benv\\??\\.(${NAME})\\b`, 'g');
/** `env['X']`, `env["X"]`. */
const INDEX_READ = new RegExp(`\\benv\\[\\s*['"\`](${NAME})['"\`]\\s*\\]`, 'g');
/** `const { X, Y: y } = process.env`. */
const DESTRUCTURED_READ = /\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g;
/** `env[name]`: the file's helper reads a name it is given, so every quoted SCREAMING_SNAKE literal in it is a setting's name. */
const DYNAMIC_READ = /\benv\[\s*[a-z_$][\w$]*\s*\]/;
const NAME_LITERAL = new RegExp(`['"](${NAME})['"]`, 'g');
/** `integerSetting(env, 'X', …)`: the config loaders' shared reader (libs/platform env-setting.ts). */
const SHARED_READER_READ = new RegExp(`\\bintegerSetting\\(\\s*env\\s*,\\s*['"\`](${NAME})['"\`]`, 'g');

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps', 'libs'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file))
    .filter((file) => !/\.(spec|int|e2e)\.tsx?$/.test(file) && !/\/testing\//.test(file) && !/\/generated\//.test(file))
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** Every setting name read in apps/ and libs/, with the files reading it. */
function settingsReadInSource(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const note = (name: string, file: string) => found.set(name, (found.get(name) ?? new Set()).add(file));
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(MEMBER_READ)) note(match[1], file);
    for (const match of text.matchAll(INDEX_READ)) note(match[1], file);
    for (const match of text.matchAll(SHARED_READER_READ)) note(match[1], file);
    for (const match of text.matchAll(DESTRUCTURED_READ)) {
      for (const part of match[1].split(',')) {
        const name = part.split(':')[0].trim();
        if (new RegExp(`^${NAME}$`).test(name)) note(name, file);
      }
    }
    if (DYNAMIC_READ.test(text)) {
      for (const match of text.matchAll(NAME_LITERAL)) if (match[1].includes('_')) note(match[1], file);
    }
  }
  return found;
}

type Env = Record<string, string | undefined>;

/** Every loader that applies a default, with what varies per call (random per-process keys) left out. */
function everyLoader(env: Env): unknown {
  const { cursorSecret: _cursor, attachments, ...service } = loadConfig(env);
  const { urlSecrets, ...attachmentRest } = attachments;
  return {
    service,
    attachments: { ...attachmentRest, configuredUrlSecrets: attachments.urlSecretGenerated ? urlSecrets.slice(1) : urlSecrets },
    postgres: [databaseUrlFromEnv(env), postgresTimeoutsFromEnv(env), poolSizeFromEnv(16, env)],
    nats: natsServersFromEnv(env),
    // With a port and an exporter chosen, so the host and the protocol are read too.
    health: [healthAddressFromEnv(env), healthAddressFromEnv({ HEALTH_PORT: '8081', ...env })],
    log: logLevelFromEnv(env),
    tracing: [tracingConfigFromEnv(env), tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'otlp', ...env })],
    mail: loadMailConfig(env),
    // With a key pair, so the VAPID subject is read too.
    notifications: [
      loadNotificationConfig(env, 'http://127.0.0.1:3000'),
      loadNotificationConfig({ VAPID_PUBLIC_KEY: 'public', VAPID_PRIVATE_KEY: 'private', ...env }, 'http://127.0.0.1:3000'),
    ],
    mcp: loadMcpConfig(env, []),
    layout: serviceLayoutFromEnv(env),
  };
}

describe('settings catalogue', () => {
  const catalogued = new Set(SETTINGS.map((setting) => setting.name));

  it('lists every setting read in apps/ and libs/', () => {
    const read = settingsReadInSource();
    const missing = [...read.entries()]
      .filter(([name]) => !catalogued.has(name) && !(name in NOT_SETTINGS))
      .map(([name, files]) => `${name} (read in ${[...files].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('lists no setting that nothing reads', () => {
    const read = settingsReadInSource();
    expect(SETTINGS.map((setting) => setting.name).filter((name) => !read.has(name))).toEqual([]);
  });

  it('lists each setting once, with one plain sentence', () => {
    expect(SETTINGS.length).toBe(catalogued.size);
    for (const setting of SETTINGS) {
      expect({ name: setting.name, sentence: /^[^\n]+\.$/.test(setting.meaning) }).toEqual({ name: setting.name, sentence: true });
    }
  });

  it('gives each default the loaders really apply: setting it changes nothing', () => {
    const unset = JSON.stringify(everyLoader({}));
    const literal = SETTINGS.filter((setting) => setting.default !== null && !describedInWords(setting.default) && !(setting.name in DEFAULTS_NOT_COMPARED));
    expect(literal.length).toBeGreaterThan(80);
    const differing = literal
      .filter((setting) => JSON.stringify(everyLoader({ [setting.name]: setting.default ?? undefined })) !== unset)
      .map((setting) => setting.name);
    expect(differing).toEqual([]);
  });

  it('compares each of those defaults with a loader that really reads it', () => {
    const unset = JSON.stringify(everyLoader({}));
    const changes = (name: string, value: string): boolean => {
      try {
        return JSON.stringify(everyLoader({ [name]: value })) !== unset;
      } catch {
        return true; // refused: the loader read it
      }
    };
    const other = (value: string): string =>
      value === 'false' ? 'true' : value === 'true' ? 'false' : /^\d+$/.test(value) ? String(Number(value) + 1) : `${value}x`;
    const literal = SETTINGS.filter((setting) => setting.default !== null && !describedInWords(setting.default) && !(setting.name in DEFAULTS_NOT_COMPARED));
    const unread = literal.filter((setting) => !changes(setting.name, other(setting.default ?? ''))).map((setting) => setting.name);
    expect(unread).toEqual(Object.keys(READ_OUTSIDE_LOADERS));
  });

  it('is what README.md shows under Settings (run `npm run settings:table` after a change)', () => {
    const section = settingsSection(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
    if (section !== renderSettingsTable()) {
      throw new Error('The settings table in README.md differs from the settings catalogue: run `npm run settings:table`');
    }
  });
});
