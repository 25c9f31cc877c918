import type { ExpertRef } from '@eh/contracts';

/**
 * The in-house model that plays the expert for `svc_test_` keys; never on the live roster.
 * In the domain because the decider lets only this expert accept a test-mode deployment
 * (test mode has no offers: docs/decisions.md "Router").
 */
export const SYNTHETIC_EXPERT: ExpertRef = Object.freeze({
  id: 'spec_00000000000000000000000000',
  name: 'Test-mode synthesizer',
  role: 'Synthesized expert (test mode: no human is paged)',
});
