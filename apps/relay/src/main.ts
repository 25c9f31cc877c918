import { RelayModule, runNestService } from '@eh/runtime';

/** Publishes every committed event to JetStream in store order. It appends nothing: no context module. */
runNestService({ name: 'relay', modules: [RelayModule], poolSize: 4 });
