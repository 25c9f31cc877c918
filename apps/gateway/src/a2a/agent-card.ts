import { AgentCard, type AgentSkill } from '@a2a-js/sdk';
import type { A2aProtocol } from './json-rpc.errors';

/** The JSON-RPC endpoint, relative to the public base URL. */
export const A2A_RPC_PATH = '/a2a/v1';
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';

/** One skill tag of the roster, as the card describes it (no expert is named: experts stay behind the API). */
export interface RosterSkill {
  tag: string;
  experts: number;
  online: number;
  /** The fastest median turnaround among the experts covering it, in minutes. */
  fastestMedianMinutes: number;
}

export interface CardFacts {
  publicBaseUrl: string;
  /** The latest `Service-Version`: the card's `version`. */
  version: string;
  skills: readonly RosterSkill[];
}

const NAME = 'Expert Handoff Service';
const DESCRIPTION =
  'Hands a unit of work to one human expert and returns a typed answer. Send the brief as text parts and the create options (at least `skills`) as one data part; ' +
  'the task is the deployment: submitted while routed, working once an expert accepts, input-required when the expert asks their one question (answer with a message on the task), ' +
  'completed with the output as an artifact (markdown, plus a data part when you sent an `output_schema`).';
const BEARER = {
  description: 'The workspace API key: `Authorization: Bearer svc_test_…` (test mode: a synthetic expert, no billing) or `svc_live_…`.',
  format: 'svc_test_… or svc_live_…',
};
export const INPUT_MODES = ['text/plain', 'application/json'];
export const OUTPUT_MODES = ['text/markdown', 'application/json'];

/** The card in A2A 1.0's shape (the SDK's types), for clients that send `A2A-Version: 1.0`. */
export function agentCardV1(facts: CardFacts): AgentCard {
  const url = `${facts.publicBaseUrl}${A2A_RPC_PATH}`;
  return {
    name: NAME,
    description: DESCRIPTION,
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ],
    provider: { organization: NAME, url: facts.publicBaseUrl },
    version: facts.version,
    documentationUrl: `${facts.publicBaseUrl}/v1/openapi.json`,
    capabilities: { streaming: true, pushNotifications: true, extensions: [], extendedAgentCard: false },
    securitySchemes: {
      bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: { description: BEARER.description, scheme: 'bearer', bearerFormat: BEARER.format } } },
    },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: INPUT_MODES,
    defaultOutputModes: OUTPUT_MODES,
    skills: facts.skills.map(skillOf),
    signatures: [],
  };
}

/** The same card as A2A 0.3 wrote it (top-level `url`, `security`), for clients without `A2A-Version`. */
export function agentCardV03(facts: CardFacts): Record<string, unknown> {
  const url = `${facts.publicBaseUrl}${A2A_RPC_PATH}`;
  return {
    protocolVersion: '0.3.0',
    name: NAME,
    description: DESCRIPTION,
    url,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url, transport: 'JSONRPC' }],
    provider: { organization: NAME, url: facts.publicBaseUrl },
    version: facts.version,
    documentationUrl: `${facts.publicBaseUrl}/v1/openapi.json`,
    capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: false },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: BEARER.format, description: BEARER.description } },
    security: [{ bearer: [] }],
    defaultInputModes: INPUT_MODES,
    defaultOutputModes: OUTPUT_MODES,
    skills: facts.skills.map((skill) => {
      const { id, name, description, tags, examples } = skillOf(skill);
      return { id, name, description, tags, examples };
    }),
    supportsAuthenticatedExtendedCard: false,
  };
}

/** The card as JSON for the version asked for. */
export function agentCardJson(facts: CardFacts, protocol: A2aProtocol): Record<string, unknown> {
  return protocol === '1.0' ? (AgentCard.toJSON(agentCardV1(facts)) as Record<string, unknown>) : agentCardV03(facts);
}

function skillOf(skill: RosterSkill): AgentSkill {
  return {
    id: skill.tag,
    name: skill.tag,
    description: `Work needing ${skill.tag}, done by one of ${skill.experts} expert${skill.experts === 1 ? '' : 's'} (${skill.online} online now; fastest median turnaround ${skill.fastestMedianMinutes} min). Put "${skill.tag}" in the data part's \`skills\`.`,
    tags: [skill.tag],
    examples: [],
    inputModes: INPUT_MODES,
    outputModes: OUTPUT_MODES,
    securityRequirements: [],
  };
}

/** The roster's skill tags, each with how many experts cover it; sorted by tag so the card is stable. */
export function rosterSkillsOf(entries: readonly { skills: readonly string[]; availability: string; median_turnaround_minutes: number }[]): RosterSkill[] {
  const byTag = new Map<string, RosterSkill>();
  for (const entry of entries) {
    for (const tag of new Set(entry.skills)) {
      const skill = byTag.get(tag) ?? { tag, experts: 0, online: 0, fastestMedianMinutes: entry.median_turnaround_minutes };
      skill.experts += 1;
      if (entry.availability === 'online') skill.online += 1;
      skill.fastestMedianMinutes = Math.min(skill.fastestMedianMinutes, entry.median_turnaround_minutes);
      byTag.set(tag, skill);
    }
  }
  return [...byTag.values()].sort((a, b) => a.tag.localeCompare(b.tag));
}
