import { createHash } from 'node:crypto';
import type { DeploymentCreated, Output } from '@eh/contracts';
import { exampleOutputData } from './output-schema/output-data.example';

type Brief = Pick<DeploymentCreated['data'], 'brief' | 'skills' | 'context_url' | 'context_files' | 'urgency' | 'handoff' | 'output_schema'>;

const OPENINGS = [
  'Here is a first, complete answer to the brief.',
  'Below is the deliverable, shaped to the brief as written.',
  'This is a finished draft that follows the brief point by point.',
];

const STEPS_BY_SKILL_FAMILY: Record<string, string> = {
  copy: 'Lead with the outcome the reader wants, then the proof, then one clear call to action.',
  brand: 'Keep the voice consistent with the stored positioning; name the one idea the piece must leave behind.',
  design: 'Start from the primary user task; cut every element that does not serve it.',
  research: 'State the question, the sources consulted and the confidence of each finding.',
  legal: 'Flag each clause by risk, and say what a reviewer should confirm before relying on it.',
  data: 'Give the figure, the method and the caveat side by side.',
};

/**
 * The test-mode deliverable (test mode pages no expert): drawn from the brief, skills and
 * context only, and deterministic (the same brief gives the same body; no model, no network).
 */
export function synthesizeOutput(brief: Brief): Output {
  const digest = createHash('sha256')
    .update(`${brief.brief}|${brief.skills.join(',')}`)
    .digest();
  const sentences = brief.brief
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const title = (sentences[0] ?? brief.brief).replace(/[.!?]+$/, '').slice(0, 80);
  const lines = [
    `# ${title}`,
    '',
    OPENINGS[digest[0] % OPENINGS.length],
    '',
    `**Skills applied:** ${brief.skills.join(', ')}`,
    '',
    '## What was asked',
    '',
    ...sentences.map((sentence) => `> ${sentence}`),
    '',
    '## Recommendations',
    '',
    ...brief.skills.map((skill, index) => `${index + 1}. **${skill}**: ${adviceFor(skill)}`),
    '',
    ...contextSection(brief),
    ...handoffSection(brief),
    '---',
    '_Synthesized in test mode: no expert was paged and no credits were charged._',
  ];
  const output: Output = { format: 'markdown', body: lines.join('\n'), attachments: [] };
  if (!brief.output_schema) return output;
  // Creation refuses, in test mode, a schema this cannot answer: null is not expected here.
  const data = exampleOutputData(brief.output_schema);
  return data === null ? output : { ...output, data: data as Record<string, unknown> };
}

function adviceFor(skill: string): string {
  const family = Object.keys(STEPS_BY_SKILL_FAMILY).find((key) => skill.includes(key));
  return family ? STEPS_BY_SKILL_FAMILY[family] : `Apply ${skill} practice to the brief and state each assumption made.`;
}

function contextSection(brief: Brief): string[] {
  const sources = [brief.context_url, ...brief.context_files].filter((source): source is string => source !== null);
  if (sources.length === 0) return [];
  return ['## Context reviewed', '', ...sources.map((source) => `- <${source}>`), ''];
}

/**
 * A handoff's deployment: name the artifact returned and the brand-memory entries the
 * handoff gave it, so a test-mode integration can see its memory reach the work.
 */
function handoffSection(brief: Brief): string[] {
  if (!brief.handoff) return [];
  const memory = brief.handoff.memory.map((entry) => `- \`${entry.key}\` (${entry.kind})`);
  return [`**Artifact:** ${brief.handoff.artifact}`, '', ...(memory.length === 0 ? [] : ['## Brand memory used', '', ...memory, ''])];
}
