import { componentRef, idOf } from '../json-schema';

export const deploymentId = { id: idOf('deployment') };
export const expertDeployment = componentRef('ExpertDeployment');
