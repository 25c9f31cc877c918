import type { HandoffEvent, HandoffOpened } from '@eh/contracts';
import { decideHandoff, type DeploymentSnapshot, type HandoffCommand } from './handoff.decider';
import { toHandoffResource } from './handoff.resource';
import { foldHandoff } from './handoff.state';

const OPENED: HandoffOpened['data'] = {
  handoff_id: 'hnd_01J0000000000000000000000A',
  workspace_id: 'ws_1',
  mode: 'test',
  deployment_id: 'dep_01J0000000000000000000000A',
  surface: 'editor.sidebar',
  outcome: 'copywriting',
  route: 'expert',
  trigger: 'low_confidence',
  policy: 'save_to_memory',
  artifact: 'hero-copy.md',
  context: { goal: 'Rewrite the hero.', files: ['hero.png'], memory_keys: ['voice'] },
  skills: ['copywriting'],
  urgency: 'standard',
  metadata: {},
  opened_at: '2030-01-01T00:00:00.000Z',
};
const OUTPUT = { format: 'markdown' as const, body: '# Hero', attachments: [] };
const snapshot = (revision: number, over: Partial<DeploymentSnapshot>): DeploymentSnapshot => ({
  revision,
  status: 'pending',
  expert_id: null,
  comments: 0,
  question: null,
  output: null,
  cancel_reason: null,
  ...over,
});
const mirror = (deployment: DeploymentSnapshot, memoryEntryKey: string | null = null): HandoffCommand => ({
  type: 'mirror',
  deployment,
  memoryEntryKey,
  now: `2030-01-01T00:00:0${deployment.revision}.000Z`,
});

/** Runs commands in order from no events, returning every event appended. */
function run(...commands: HandoffCommand[]): HandoffEvent[] {
  return commands.reduce<HandoffEvent[]>((events, command) => [...events, ...decideHandoff(command, foldHandoff(events))], []);
}

describe('the handoff decider (mirrors its deployment)', () => {
  const open: HandoffCommand = { type: 'open', data: OPENED };

  it('opens once; a repeated open and a mirror before opening add nothing', () => {
    expect(run(open, open).map((event) => event.type)).toEqual(['handoff.opened']);
    expect(run(mirror(snapshot(1, { status: 'accepted', expert_id: 'spec_1' })))).toEqual([]);
    expect(toHandoffResource(foldHandoff(run(open)))).toMatchObject({
      status: 'open',
      expert: null,
      comments: 0,
      memory_event: false,
      artifact: 'hero-copy.md',
      output: null,
    });
  });

  it('open → in_review → needs_input → in_review → ready, counting the question and the reply as comments', () => {
    const events = run(
      open,
      mirror(snapshot(1, { status: 'accepted', expert_id: 'spec_1' })),
      mirror(snapshot(2, { status: 'in_progress', expert_id: 'spec_1' })),
      mirror(snapshot(3, { status: 'needs_input', expert_id: 'spec_1', comments: 1, question: 'Tone?' })),
      mirror(snapshot(4, { status: 'in_progress', expert_id: 'spec_1', comments: 2 })),
      mirror(snapshot(5, { status: 'completed', expert_id: 'spec_1', comments: 2, output: OUTPUT }), 'prior-output.hnd_01j0000000000000000000000a'),
    );
    expect(events.map((event) => event.type)).toEqual(['handoff.opened', 'handoff.in_review', 'handoff.needs_input', 'handoff.in_review', 'handoff.ready']);
    expect(toHandoffResource(foldHandoff(events))).toMatchObject({
      status: 'ready',
      expert: 'spec_1',
      comments: 2,
      memory_event: true,
      memory_entry_key: 'prior-output.hnd_01j0000000000000000000000a',
      output: OUTPUT,
      ready_at: '2030-01-01T00:00:05.000Z',
    });
  });

  it('never moves back: an older revision, an equal status or a finished handoff add nothing', () => {
    const ready = run(open, mirror(snapshot(4, { status: 'completed', expert_id: 'spec_1', output: OUTPUT })));
    expect(ready.map((event) => event.type)).toEqual(['handoff.opened', 'handoff.ready']);
    expect(decideHandoff(mirror(snapshot(5, { status: 'cancelled' })), foldHandoff(ready))).toEqual([]);
    const reviewing = run(open, mirror(snapshot(3, { status: 'in_progress', expert_id: 'spec_1' })));
    expect(decideHandoff(mirror(snapshot(2, { status: 'accepted', expert_id: 'spec_1' })), foldHandoff(reviewing))).toEqual([]);
    expect(decideHandoff(mirror(snapshot(4, { status: 'in_progress', expert_id: 'spec_1' })), foldHandoff(reviewing))).toEqual([]);
    expect(decideHandoff(mirror(snapshot(0, { status: 'pending' })), foldHandoff(run(open)))).toEqual([]);
  });

  it('ends cancelled or expired with the deployment; memory_event is false without a saved entry', () => {
    expect(run(open, mirror(snapshot(2, { status: 'cancelled', cancel_reason: 'plans changed' }))).at(-1)).toMatchObject({
      type: 'handoff.cancelled',
      data: { reason: 'plans changed', expert_id: null },
    });
    expect(run(open, mirror(snapshot(2, { status: 'expired' }))).at(-1)?.type).toBe('handoff.expired');
    const ready = run(open, mirror(snapshot(4, { status: 'completed', expert_id: 'spec_1', output: OUTPUT })));
    expect(toHandoffResource(foldHandoff(ready))).toMatchObject({ memory_event: false, memory_entry_key: null });
  });
});
