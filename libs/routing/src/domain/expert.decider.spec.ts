/** The roster decider: register, update, availability and retirement of one expert. */
import { DomainError, type ExpertEvent } from '@eh/contracts';
import { decideExpert, foldExpert, type ExpertCommand } from './expert.decider';
import { EXPERT_ID as ID, EXPERT_PROFILE as profile, registerCommand } from './testing/expert.fixtures';

const NOW = '2026-11-21T10:00:00.000Z';
const register = registerCommand(NOW);
const registered = decideExpert(register, foldExpert([]));

function codeOf(command: ExpertCommand, history: ExpertEvent[]): string {
  try {
    decideExpert(command, foldExpert(history));
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'ok';
}

describe('expert decider', () => {
  it('registers an expert with a hashed credential, online or as told', () => {
    expect(registered).toEqual([
      {
        type: 'expert.registered',
        data: { expert_id: ID, ...profile, availability: 'online', credential_hash: 'ab'.repeat(32), credential_last4: 'WXYZ', registered_at: NOW },
      },
    ]);
    expect(foldExpert(registered)).toEqual({
      status: 'active',
      expert_id: ID,
      ...profile,
      availability: 'online',
      available_until: null,
      console: { email: null, invitation: null, password_id: null },
      lapses: { lapses: [], counts_after: null },
    });
    expect(codeOf(register, registered)).toBe('invalid_state_transition');
  });

  it('registers a new expert offline when nobody says otherwise: no live offers before they were invited', () => {
    const { availability: _told, ...untold } = register as Extract<ExpertCommand, { type: 'register' }>;
    const events = decideExpert(untold, foldExpert([]));
    expect(events).toMatchObject([{ type: 'expert.registered', data: { availability: 'offline' } }]);
    expect(foldExpert(events)).toMatchObject({ availability: 'offline' });
  });

  it('records only the fields that changed, and nothing when nothing did', () => {
    const events = decideExpert({ type: 'update', changes: { skills: ['positioning', 'naming'], name: 'Ada Lane' }, now: NOW }, foldExpert(registered));
    expect(events).toEqual([{ type: 'expert.updated', data: { expert_id: ID, changes: { skills: ['positioning', 'naming'] }, updated_at: NOW } }]);
    expect(foldExpert([...registered, ...events])).toMatchObject({ skills: ['positioning', 'naming'], name: 'Ada Lane' });
    expect(decideExpert({ type: 'update', changes: { tenure_years: 6 }, now: NOW }, foldExpert(registered))).toEqual([]);
  });

  it('changes availability, once per change', () => {
    const busy = decideExpert({ type: 'set_availability', availability: 'busy', now: NOW }, foldExpert(registered));
    expect(busy).toEqual([
      { type: 'expert.availability_changed', data: { expert_id: ID, availability: 'busy', changed_at: NOW, available_until: null, reason: 'set' } },
    ]);
    expect(decideExpert({ type: 'set_availability', availability: 'busy', now: NOW }, foldExpert([...registered, ...busy]))).toEqual([]);
  });

  it('retires for good: every later command is refused, and an unknown expert is not found', () => {
    const retired = [...registered, ...decideExpert({ type: 'retire', now: NOW }, foldExpert(registered))];
    expect(foldExpert(retired)).toEqual({ status: 'retired', expert_id: ID, name: 'Ada Lane' });
    for (const command of [
      { type: 'retire', now: NOW },
      { type: 'update', changes: { name: 'X' }, now: NOW },
      { type: 'set_availability', availability: 'online', now: NOW },
    ] as ExpertCommand[]) {
      expect(codeOf(command, retired)).toBe('invalid_state_transition');
      expect(codeOf(command, [])).toBe('not_found');
    }
  });
});
