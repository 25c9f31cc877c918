import { Get, Inject, Res } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import { findUsage, ledgerPolicy, unopenedUsage, type UsageResource } from '@eh/ledger';
import { findWorkspace, type AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { GatewayPorts } from '../http/gateway-ports';
import { UsageCache } from './usage.cache';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getUsageOperation } from './get-usage.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

/**
 * GET /v1/usage: the workspace's credits, for agents gating themselves. Credits are
 * per workspace, so a test and a live key read the same account; test deployments never draw
 * on it (docs/decisions.md "Ledger").
 */
@PartnerController('v1/usage')
export class GetUsageController {
  private readonly cache: UsageCache;

  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {
    this.cache = new UsageCache(ports.config.ledger.usageCacheMs);
  }

  @PublicOperation(getUsageOperation)
  @Get()
  async get(@Auth() auth: AuthenticatedKey, @Res({ passthrough: true }) reply: FastifyReply): Promise<UsageResource> {
    void reply.header('Cache-Control', `private, max-age=${Math.ceil(this.ports.config.ledger.usageCacheMs / 1000)}`);
    return this.cache.get(auth.workspaceId, Date.now(), () => this.load(auth.workspaceId));
  }

  private async load(workspaceId: string): Promise<UsageResource> {
    const usage = await findUsage(this.ports.sql, workspaceId, new Date());
    if (usage) return usage;
    // The ledger opens the account on `workspace.created`, a moment after the workspace exists.
    const workspace = await findWorkspace(this.ports.sql, workspaceId);
    if (!workspace) throw new DomainError('not_found', `no workspace ${workspaceId}`);
    return unopenedUsage(workspace.created_at, ledgerPolicy(this.ports.config.ledger).standardPlan);
  }
}
