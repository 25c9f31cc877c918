import { Get, Inject, Query } from '@nestjs/common';
import type { AccountPlan, MemberRole } from '@eh/contracts';
import type { MemberAccount } from '@eh/identity';
import { findUsage, isCustomisedPlan, ledgerPolicy, planPresets } from '@eh/ledger';
import { CurrentMember } from '../http/guards/member.guard';
import { NoQueryParameters } from '../http/list-query.rules';
import { WorkspacePeople } from './workspace-people.service';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { getWorkspaceOperation } from './workspace.openapi';
import { MemberController } from '../http/guards/audience-controllers';

/** docs/dashboard-contract.md §7: the workspace, the member's role in it, and the plan's limits. */
export interface WorkspaceResource {
  object: 'workspace';
  id: string;
  name: string;
  created_at: string;
  role: MemberRole;
  plan: AccountPlan;
  /** The plan's figures differ from those of the preset it is named after. */
  plan_customised: boolean;
  in_flight: number;
}

@MemberController('console/api/v1/workspace')
export class WorkspaceController {
  constructor(@Inject(WorkspacePeople) private readonly people: WorkspacePeople) {}

  @ExpertOperation(getWorkspaceOperation)
  @Get()
  async show(@Query(NoQueryParameters) _query: object, @CurrentMember() member: MemberAccount): Promise<WorkspaceResource> {
    const { rows } = await this.people.sql.query<{ created_at: Date }>('SELECT created_at FROM workspaces_view WHERE id = $1', [member.workspace_id]);
    const usage = await findUsage(this.people.sql, member.workspace_id, new Date());
    const policy = ledgerPolicy(this.people.config.ledger);
    // Before the ledger opened the account (a moment after creation), the standard plan applies.
    const plan = usage?.plan ?? policy.standardPlan;
    return {
      object: 'workspace',
      id: member.workspace_id,
      name: member.workspace_name,
      created_at: rows[0]?.created_at.toISOString() ?? member.joined_at,
      role: member.role,
      plan,
      plan_customised: isCustomisedPlan(plan, planPresets(policy)),
      in_flight: usage?.in_flight ?? 0,
    };
  }
}
