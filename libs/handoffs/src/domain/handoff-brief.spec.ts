import { handoffBrief } from './handoff-brief';

describe('the brief of a handoff deployment', () => {
  it('is the goal, then what the expert needs: outcome, artifact, surface, trigger, files and named memory', () => {
    const brief = handoffBrief({
      goal: ' Rewrite the hero. ',
      outcome: 'copywriting',
      surface: 'editor',
      artifact: 'hero.md',
      trigger: 'low_confidence',
      files: ['a.png', 'b.pdf'],
      memory_keys: ['voice'],
    });
    expect(brief).toBe(
      'Rewrite the hero.\n\nOutcome wanted: copywriting. Return: hero.md. Surface: editor.\nTrigger: low_confidence.\nFiles referred to: a.png, b.pdf.\nBrand memory named: voice.',
    );
  });

  it('leaves out the lines with nothing to say', () => {
    expect(handoffBrief({ goal: 'Go.', outcome: 'naming', surface: 's', artifact: 'x', trigger: null, files: [], memory_keys: [] })).toBe(
      'Go.\n\nOutcome wanted: naming. Return: x. Surface: s.',
    );
  });
});
