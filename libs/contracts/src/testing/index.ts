/** `@eh/contracts/testing`: event payloads shared by the specs of several contexts, kept out of `@eh/contracts`. */
export * from './plain-deployment-data';
export * from './decider-script';
export * from './sole-candidate-match';
