import { Inject, Injectable } from '@nestjs/common';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import type { AgentCard } from '@a2a-js/sdk';
import { CONFIG, SQL } from '../http/tokens';
import { API_VERSION_CATALOG } from '../http/versioning/api-versions';
import { agentCardJson, agentCardV1, type CardFacts } from './agent-card';
import type { A2aProtocol } from './json-rpc.errors';
import { RosterSkillsCache } from './roster-skills.cache';

/** How long a gateway serves the roster's skills on the card before reading them again. */
export const CARD_SKILLS_TTL_MS = 30_000;

/** The agent card of this gateway: its public address, the latest API version, the roster's skills. */
@Injectable()
export class AgentCardSource {
  private readonly skills: RosterSkillsCache;

  constructor(
    @Inject(SQL) sql: SqlClient,
    @Inject(CONFIG) private readonly config: ServiceConfig,
  ) {
    this.skills = new RosterSkillsCache(sql, CARD_SKILLS_TTL_MS);
  }

  async v1(): Promise<AgentCard> {
    return agentCardV1(await this.facts());
  }

  async json(protocol: A2aProtocol): Promise<Record<string, unknown>> {
    return agentCardJson(await this.facts(), protocol);
  }

  private async facts(): Promise<CardFacts> {
    const versions = API_VERSION_CATALOG.versions;
    return { publicBaseUrl: this.config.publicBaseUrl, version: versions[versions.length - 1], skills: await this.skills.skills() };
  }
}
