import { DomainError, newId } from '@eh/contracts';
import { cancelByOperations } from '@eh/deployments';
import {
  findExpert,
  inviteExpertToConsole,
  parseAvailability,
  parseExpertProfile,
  parseProfileChanges,
  registerExpert,
  retireExpert,
  setExpertAvailability,
  updateExpert,
} from '@eh/routing';
import type { Database } from '@eh/runtime';
import type { OpsCommand } from './ops-commands';
import { text, required, withDatabase, type Options } from './ops-options';

/** Flags (kebab-case, text) → profile fields (snake_case, typed); absent flags are left out. */
function profileInput(options: Options): Record<string, unknown> {
  const number = (name: string): number | string | undefined => {
    const value = text(options, name);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : value;
  };
  const skills = text(options, 'skills');
  const input: Record<string, unknown> = {
    name: text(options, 'name'),
    role: text(options, 'role'),
    skills: skills?.split(',').map((skill) => skill.trim()),
    tenure_years: number('tenure-years'),
    median_turnaround_minutes: number('turnaround-minutes'),
    rate_credits_per_hour: number('rate'),
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

async function existingExpert(database: Database, options: Options): Promise<string> {
  const id = required(options, 'expert');
  if (!(await findExpert(database.pool, id))) throw new DomainError('not_found', `no expert ${id}`, 'expert');
  return id;
}

const PROFILE_FLAGS = ['name', 'role', 'skills', 'tenure-years', 'turnaround-minutes', 'rate'] as const;
const PROFILE_USAGE = '--name <name> --role <role> --skills a,b --tenure-years <n> --turnaround-minutes <n> --rate <credits/h>';

/** The roster and operations cancel, through the same commands and events as the admin API. */
export const EXPERT_OPS_COMMANDS: Record<string, OpsCommand> = {
  'expert:add': {
    usage: `expert:add ${PROFILE_USAGE} [--availability online|busy|offline]`,
    options: [...PROFILE_FLAGS, 'availability'],
    summary:
      "Add an expert to the roster; prints the entry and the expert's credential (shown once, stored hashed). New experts start offline (no live offers) unless --availability says otherwise; expert:availability changes it later.",
    run: (options, config) =>
      withDatabase(config, (database) => {
        const profile = parseExpertProfile(profileInput(options));
        const availability = text(options, 'availability') === undefined ? undefined : parseAvailability(text(options, 'availability'));
        return registerExpert(database.store, { profile, availability }, new Date(), newId('request'));
      }),
  },
  'expert:update': {
    usage: 'expert:update --expert <spec_id> [--name …] [--role …] [--skills a,b] [--tenure-years n] [--turnaround-minutes n] [--rate n]',
    options: ['expert', ...PROFILE_FLAGS],
    summary: "Change an expert's roster entry; only the given fields change.",
    run: (options, config) =>
      withDatabase(config, async (database) =>
        updateExpert(database.store, await existingExpert(database, options), parseProfileChanges(profileInput(options)), new Date()),
      ),
  },
  'expert:availability': {
    usage: 'expert:availability --expert <spec_id> --availability online|busy|offline',
    options: ['expert', 'availability'],
    summary: 'Set whether the expert takes offers (only `online` experts are matched).',
    run: (options, config) =>
      withDatabase(config, async (database) =>
        setExpertAvailability(database.store, await existingExpert(database, options), parseAvailability(required(options, 'availability')), new Date()),
      ),
  },
  'expert:retire': {
    usage: 'expert:retire --expert <spec_id>',
    options: ['expert'],
    summary: 'Retire an expert for good: no more offers, the credential stops working, not listed.',
    run: (options, config) => withDatabase(config, async (database) => retireExpert(database.store, await existingExpert(database, options), new Date())),
  },
  'expert:invite': {
    usage: 'expert:invite --expert <spec_id> --email <address>',
    options: ['expert', 'email'],
    summary: 'Invite an expert to the console: prints a one-time sign-up link, shown once, expiring after CONSOLE_INVITATION_TTL_SECONDS (72 h).',
    run: (options, config) =>
      withDatabase(config, async (database) =>
        inviteExpertToConsole(
          { store: database.store, sql: database.pool },
          {
            expertId: await existingExpert(database, options),
            email: required(options, 'email'),
            ttlSeconds: config.console.invitationTtlSeconds,
            publicBaseUrl: config.publicBaseUrl,
            now: new Date(),
            correlationId: newId('request'),
          },
        ),
      ),
  },
  'deployment:cancel': {
    usage: 'deployment:cancel --deployment <dep_id> --reason <text>',
    options: ['deployment', 'reason'],
    summary: 'Cancel a deployment as service operations (pending, accepted, in_progress or needs_input); the event says so.',
    run: (options, config) =>
      withDatabase(config, (database) =>
        cancelByOperations(database.store, required(options, 'deployment'), required(options, 'reason'), new Date(), newId('request')),
      ),
  },
};
