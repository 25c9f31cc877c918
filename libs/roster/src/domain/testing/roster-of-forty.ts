/**
 * A deterministic roster of 40 experts (a real roster has roughly twenty to forty), for the matching
 * specs and the matching bench. Skills, availability and turnaround vary in fixed patterns so
 * each test can reason about who should win.
 */
import type { Availability } from '@eh/contracts';
import type { RosterCandidate } from '../matching';

export const SKILL_POOL = ['copywriting', 'positioning', 'naming', 'research', 'design', 'legal', 'data', 'seo'] as const;
const AVAILABILITY_CYCLE: Availability[] = ['online', 'online', 'online', 'busy', 'online', 'offline', 'online', 'online'];
const ROLES = ['Copywriter', 'Brand strategist', 'Researcher', 'Designer', 'Counsel', 'Analyst'];

/** `spec_` + 26 Crockford characters, sortable by index. */
export const expertIdOf = (index: number): string => `spec_01JEXPERT${String(index).padStart(17, '0')}`;

export function rosterOfForty(): RosterCandidate[] {
  return Array.from({ length: 40 }, (_, index) => {
    // Two to four skills each, drawn from the pool with different strides.
    const count = 2 + (index % 3);
    const skills = Array.from({ length: count }, (_, k) => SKILL_POOL[(index + k * (1 + (index % 5))) % SKILL_POOL.length]);
    return {
      id: expertIdOf(index),
      name: `Expert ${index}`,
      role: ROLES[index % ROLES.length],
      skills: [...new Set(skills)],
      availability: AVAILABILITY_CYCLE[index % AVAILABILITY_CYCLE.length],
      // Index 39 is retired, so the fixture covers retirement too.
      retired: index === 39,
      median_turnaround_minutes: 20 + ((index * 37) % 220),
      rate_credits_per_hour: 60 + (index % 7) * 15,
    };
  });
}
