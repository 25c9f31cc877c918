import type { DeploymentEvent } from '@eh/contracts';
import type { Decider } from '@eh/event-store';
import type { DeploymentCommand } from '../domain/deployment.commands';
import { decide } from '../domain/deployment.decider';
import { evolve, initialDeploymentState } from '../domain/deployment.evolve';
import type { DeploymentState } from '../domain/deployment.state';

export const deploymentDecider: Decider<DeploymentCommand, DeploymentEvent, DeploymentState> = {
  initialState: initialDeploymentState,
  evolve,
  decide,
};
