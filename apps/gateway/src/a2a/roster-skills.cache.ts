import type { SqlClient } from '@eh/platform';
import { listRoster, type RosterEntry } from '@eh/routing';
import { rosterSkillsOf, type RosterSkill } from './agent-card';

/** The roster is twenty to forty experts; past this many the card lists what it read. */
const MOST_EXPERTS_READ = 1000;
const PAGE = 100;

/**
 * The roster's skills for the agent card, read from the roster view at most once per `ttlMs` per
 * gateway process: the card is public and fetched by every client that discovers the agent,
 * and a roster change reaching the card `ttlMs` late is harmless. Concurrent misses share one read.
 */
export class RosterSkillsCache {
  private cached: { skills: RosterSkill[]; until: number } | null = null;
  private reading: Promise<RosterSkill[]> | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async skills(): Promise<RosterSkill[]> {
    if (this.cached && this.cached.until > this.now()) return this.cached.skills;
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<RosterSkill[]> {
    const entries: RosterEntry[] = [];
    let afterId: string | null = null;
    while (entries.length < MOST_EXPERTS_READ) {
      const page = await listRoster(this.sql, { afterId, limit: PAGE });
      entries.push(...page);
      if (page.length < PAGE) break;
      afterId = page[page.length - 1].id;
    }
    const skills = rosterSkillsOf(entries);
    this.cached = { skills, until: this.now() + this.ttlMs };
    return skills;
  }
}
