import { deploymentStreamName, newId, type DeploymentStatus, type ExpertRef, type KeyMode } from '@eh/contracts';
import { deploymentDecider, type DeploymentCommand } from '@eh/deployments';
import { PostgresEventStore, handleCommand } from '@eh/event-store';
import { inlineProjections } from '@eh/runtime';
import type { Pool } from 'pg';
import { plainDeploymentData } from '@eh/contracts/testing';

export const HAND_EXPERT: ExpertRef = { id: 'spec_01JHANDDR1VENEXPERT0000000', name: 'Hand Driven', role: 'Expert played by a test' };

/**
 * Deadlines of hand-driven histories: far ahead, so the router's SLA, offer and reply timers
 * never move a deployment a test put in place, whatever its `createdAt`.
 */
const FAR_FUTURE = '2999-01-01T00:00:00.000Z';
const HAND_MATCH = {
  covered_skills: [],
  coverage: 0,
  median_turnaround_minutes: 0,
  speed: 0,
  brief_fit: 0,
  completed_for_workspace: 0,
  score: 0,
  weights: { speed: 0, brief_fit: 0 },
  rank: 1,
  candidates: 1,
  passed_over: [],
};

export interface HistorySpec {
  workspaceId: string;
  /** Use `live` for deployments a test drives by hand: the router's synthesizer acts on `test` ones. */
  mode: KeyMode;
  /** Where the history stops. */
  status: Exclude<DeploymentStatus, 'expired'>;
  createdAt: string;
  skills?: string[];
  brief?: string;
}

/** Commands from creation to `status`, one second apart, through the real decider. */
function commandsTo(spec: HistorySpec, deploymentId: string): DeploymentCommand[] {
  const at = (seconds: number): string => new Date(Date.parse(spec.createdAt) + seconds * 1000).toISOString();
  const create: DeploymentCommand = {
    type: 'create',
    data: plainDeploymentData({
      deployment_id: deploymentId,
      workspace_id: spec.workspaceId,
      mode: spec.mode,
      brief: spec.brief ?? 'A brief appended by a test.',
      skills: spec.skills ?? ['copywriting'],
      sla_deadline: FAR_FUTURE,
      credits_reserved: 0,
      created_at: spec.createdAt,
    }),
  };
  // A live deployment is accepted only by the expert it is offered to.
  const offer: DeploymentCommand = { type: 'offer', expert: HAND_EXPERT, match: HAND_MATCH, expiresAt: FAR_FUTURE, now: at(1) };
  const accept: DeploymentCommand = { type: 'accept', expert: HAND_EXPERT, now: at(1) };
  const start: DeploymentCommand = { type: 'start', expertId: HAND_EXPERT.id, now: at(2) };
  const ask: DeploymentCommand = { type: 'ask_question', expertId: HAND_EXPERT.id, question: 'Which audience first?', replyDeadline: FAR_FUTURE, now: at(3) };
  const output = { format: 'markdown' as const, body: '# Done', attachments: [] };
  const publish: DeploymentCommand = { type: 'publish', expertId: HAND_EXPERT.id, output, creditsCharged: 0, durationSeconds: 60, now: at(3) };
  const cancel: DeploymentCommand = { type: 'cancel', by: 'agent', reason: 'appended by a test', partialOutput: null, now: at(1) };
  const paths: Record<HistorySpec['status'], DeploymentCommand[]> = {
    pending: [create],
    accepted: [create, offer, accept],
    in_progress: [create, offer, accept, start],
    needs_input: [create, offer, accept, start, ask],
    completed: [create, offer, accept, start, publish],
    cancelled: [create, cancel],
  };
  return paths[spec.status];
}

/**
 * Appends deployment histories straight to a services' database, through the same store and
 * inline projections the services use, for states no HTTP call can reach (needs_input, …).
 */
export class DeploymentHistory {
  private readonly store: PostgresEventStore;

  constructor(pool: Pool) {
    this.store = new PostgresEventStore(pool, { inlineProjections });
  }

  /** Returns the new deployment's id. */
  async append(spec: HistorySpec): Promise<string> {
    const deploymentId = newId('deployment');
    for (const command of commandsTo(spec, deploymentId)) {
      const now = command.type === 'create' ? command.data.created_at : command.now;
      await handleCommand(this.store, deploymentDecider, deploymentStreamName(deploymentId), command, {
        workspaceId: spec.workspaceId,
        correlationId: `test-${deploymentId}`,
        causationId: null,
        now,
      });
    }
    return deploymentId;
  }

  /** A live deployment created now and driven to `status`: the synthesizer leaves it where it is. */
  appendLive(workspaceId: string, status: HistorySpec['status']): Promise<string> {
    return this.append({ workspaceId, mode: 'live', status, createdAt: new Date().toISOString() });
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
