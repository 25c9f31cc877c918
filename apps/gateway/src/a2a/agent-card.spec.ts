import { AgentCard } from '@a2a-js/sdk';
import { agentCardJson, agentCardV03, agentCardV1, rosterSkillsOf } from './agent-card';

const skills = rosterSkillsOf([
  { skills: ['copywriting', 'brand-strategy'], availability: 'online', median_turnaround_minutes: 40 },
  { skills: ['copywriting'], availability: 'offline', median_turnaround_minutes: 25 },
]);
const facts = { publicBaseUrl: 'https://api.example.com', version: '2026-11-01', skills };

describe('rosterSkillsOf', () => {
  it('one skill per tag, counting experts, those online and the fastest median turnaround, sorted by tag', () => {
    expect(skills).toEqual([
      { tag: 'brand-strategy', experts: 1, online: 1, fastestMedianMinutes: 40 },
      { tag: 'copywriting', experts: 2, online: 1, fastestMedianMinutes: 25 },
    ]);
  });

  it('an empty roster has no skills', () => {
    expect(rosterSkillsOf([])).toEqual([]);
  });
});

describe('the agent card', () => {
  it('1.0: the JSON-RPC endpoint in both protocol versions, streaming and push, the bearer scheme, the roster’s skills', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test reads deep into the card's JSON, which the assertions check
    const json = agentCardJson(facts, '1.0') as Record<string, any>;
    expect(json.supportedInterfaces).toEqual([
      { url: 'https://api.example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://api.example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
    expect(json.capabilities).toMatchObject({ streaming: true, pushNotifications: true });
    expect(json.securitySchemes.bearer.httpAuthSecurityScheme).toMatchObject({ scheme: 'bearer' });
    expect(json.securityRequirements).toEqual([{ schemes: { bearer: {} } }]);
    expect(json.skills.map((s: { id: string }) => s.id)).toEqual(['brand-strategy', 'copywriting']);
    expect(json.defaultInputModes).toEqual(['text/plain', 'application/json']);
    // What a 1.0 client reads back is the card we built.
    expect(AgentCard.fromJSON(json)).toEqual(agentCardV1(facts));
  });

  it('0.3: the endpoint as `url`, http bearer in `securitySchemes`, skills without 1.0-only fields', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test reads deep into the card's JSON, which the assertions check
    const card = agentCardV03(facts) as Record<string, any>;
    expect(card).toMatchObject({
      protocolVersion: '0.3.0',
      url: 'https://api.example.com/a2a/v1',
      preferredTransport: 'JSONRPC',
      capabilities: { streaming: true, pushNotifications: true },
    });
    expect(card.securitySchemes).toEqual({ bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(card.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(card.skills[0]).sort()).toEqual(['description', 'examples', 'id', 'name', 'tags']);
    expect(agentCardJson(facts, '0.3')).toEqual(card);
  });

  it('names no expert', () => {
    expect(JSON.stringify(agentCardJson(facts, '1.0'))).not.toMatch(/spec_/);
  });
});
