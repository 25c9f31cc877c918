import { synthesizeOutput } from './synthesized-output';

const brief = {
  brief: 'Write a launch announcement for our new API. Keep it under 200 words! Mention the free tier.',
  skills: ['copywriting', 'brand-voice'],
  context_url: 'https://example.com/launch',
  context_files: ['https://files.example.com/a.pdf?sig=1'],
  urgency: 'standard' as const,
};

describe('synthesizeOutput', () => {
  it('is deterministic and drawn from the brief, skills and context', () => {
    const output = synthesizeOutput(brief);
    expect(synthesizeOutput(brief)).toEqual(output);
    expect(output.format).toBe('markdown');
    expect(output.attachments).toEqual([]);
    expect(output.body).toContain('# Write a launch announcement for our new API');
    expect(output.body).toContain('> Keep it under 200 words!');
    expect(output.body).toContain('**copywriting**');
    expect(output.body).toContain('**brand-voice**');
    expect(output.body).toContain('<https://example.com/launch>');
    expect(output.body).toContain('<https://files.example.com/a.pdf?sig=1>');
  });

  it('differs with the brief, and leaves out the context section when there is none', () => {
    const other = synthesizeOutput({ ...brief, brief: 'Audit our pricing page.', context_url: null, context_files: [] });
    expect(other.body).not.toEqual(synthesizeOutput(brief).body);
    expect(other.body).not.toContain('Context reviewed');
  });
});

describe('synthesizeOutput for a handoff', () => {
  it('names the artifact and the memory entries the handoff gave it, deterministically', () => {
    const handoff = {
      handoff_id: 'hnd_01J0000000000000000000000A',
      artifact: 'hero-copy.md',
      memory: [
        { key: 'voice', kind: 'voice' as const },
        { key: 'brand.positioning', kind: 'positioning' as const },
      ],
    };
    const output = synthesizeOutput({ ...brief, handoff });
    expect(synthesizeOutput({ ...brief, handoff })).toEqual(output);
    expect(output.body).toContain('**Artifact:** hero-copy.md');
    expect(output.body).toContain('## Brand memory used');
    expect(output.body).toContain('- `voice` (voice)');
    expect(output.body).toContain('- `brand.positioning` (positioning)');
    expect(synthesizeOutput(brief).body).not.toContain('Brand memory used');
  });
});
