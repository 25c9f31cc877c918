import { idOf } from '../json-schema';

export const deploymentId = { id: idOf('deployment') };
