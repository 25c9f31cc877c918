import { loadCostBoundsConfig } from './cost-bounds-config';

describe('cost bounds configuration', () => {
  it('takes each from the environment and refuses what is not a whole number of at least 1, naming it', () => {
    expect(loadCostBoundsConfig({ EVENT_STREAMS_PER_KEY: '2', WEBHOOK_ENDPOINT_TESTS_PER_MINUTE: '1' })).toMatchObject({
      eventStreamsPerKey: 2,
      webhookEndpointTestsPerMinute: 1,
    });
    expect(() => loadCostBoundsConfig({ EVENT_STREAMS_PER_WORKSPACE: '0' })).toThrow('EVENT_STREAMS_PER_WORKSPACE must be an integer of at least 1, got "0"');
    expect(() => loadCostBoundsConfig({ EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT: '2.5' })).toThrow('EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT');
  });

  it('lets refusals be answered at once: a hold of 0', () => {
    expect(loadCostBoundsConfig({ RATE_LIMIT_REFUSAL_HOLD_MS: '0', RATE_LIMIT_HELD_REFUSALS_PER_KEY: '0' })).toMatchObject({
      refusalHoldMs: 0,
      heldRefusalsPerKey: 0,
    });
    expect(() => loadCostBoundsConfig({ RATE_LIMIT_REFUSAL_HOLD_MS: '-1' })).toThrow('RATE_LIMIT_REFUSAL_HOLD_MS');
  });
});
