/**
 * A2A (Agent2Agent): the agent card and the JSON-RPC endpoint, an adapter over the deployments'
 * application layer (apps/gateway/src/a2a/).
 */
import { A2aRpcController } from './a2a-rpc.controller';
import { AgentCardController } from './agent-card.controller';
import { AgentCardSource } from './agent-card.source';

export const A2A_CONTROLLERS = [AgentCardController, A2aRpcController];

export const a2aProviders = [AgentCardSource];
