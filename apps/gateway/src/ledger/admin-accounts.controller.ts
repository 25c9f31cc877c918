import { Get, Inject, Param, Patch, Req } from '@nestjs/common';
import type { AccountPlan } from '@eh/contracts';
import { DomainError } from '@eh/contracts';
import { changePlan, grantCredits, ledgerPolicy, planPresets, showAccount, type AccountSummary, type LedgerPolicy } from '@eh/ledger';
import { findWorkspace, type AuditEntry } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import type { ListEnvelope } from '../http/list-envelope';
import { ValidBody } from '../http/validated-body.pipe';
import { GatewayPorts } from '../http/gateway-ports';
import { auditLogPage, parseAuditLogQuery } from '../workspaces/audit-log.query';
import { ChangePlanDto, GrantCreditsDto } from './admin-accounts.dto';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { auditLogOperation, grantOperation, planOperation, plansOperation, showOperation } from './admin-accounts.openapi';
import { AdminController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

/** Operations' API for credit accounts: show, top up, change the plan. Same commands as `npm run ops -- account:*`. */
@AdminController('admin/v1')
export class AdminAccountsController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {
    this.policy = ledgerPolicy(ports.config.ledger);
  }

  private readonly policy: LedgerPolicy;

  /** Plans are presets plus per-account values; this lists the presets. */
  @AdminOperation(plansOperation)
  @Get('plans')
  plans(): { object: 'list'; data: AccountPlan[] } {
    return { object: 'list', data: Object.values(planPresets(this.policy)) };
  }

  @AdminOperation(showOperation)
  @Get('workspaces/:id/account')
  async show(@Param('id') id: string): Promise<AccountSummary> {
    await this.existing(id);
    return showAccount(this.ports.store, id);
  }

  @ActionRoute(AdminOperation(grantOperation), 'workspaces/:id/account/credits')
  async grant(@Param('id') id: string, @ValidBody(GrantCreditsDto) body: GrantCreditsDto, @Req() request: FastifyRequest): Promise<AccountSummary> {
    await this.existing(id);
    const grant = { credits: body.credits, note: body.note ?? '', reference: body.reference ?? null };
    return grantCredits(this.ports.store, id, grant, { now: new Date(), requestId: String(request.id), policy: this.policy, actor: request.actor });
  }

  @AdminOperation(planOperation)
  @Patch('workspaces/:id/account/plan')
  async plan(@Param('id') id: string, @ValidBody(ChangePlanDto) body: ChangePlanDto, @Req() request: FastifyRequest): Promise<AccountSummary> {
    await this.existing(id);
    return changePlan(this.ports.store, id, { ...body }, { now: new Date(), requestId: String(request.id), policy: this.policy, actor: request.actor });
  }

  /**
   * A workspace's audit log for operations: the account page lists its grants and plan changes
   * from here (`action=credits.granted`), the same read model owners read.
   */
  @AdminOperation(auditLogOperation)
  @Get('workspaces/:id/audit_log')
  async auditLog(@Param('id') id: string, @Req() request: FastifyRequest): Promise<ListEnvelope<AuditEntry>> {
    const query = parseAuditLogQuery(request.query as Record<string, unknown>);
    await this.existing(id);
    return auditLogPage(this.ports.sql, id, query);
  }

  private async existing(id: string): Promise<void> {
    if (!(await findWorkspace(this.ports.sql, id))) throw new DomainError('not_found', `no workspace ${id}`, 'id');
  }
}
