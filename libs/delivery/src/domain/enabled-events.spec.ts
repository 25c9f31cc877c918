import { isEventEnabled, parseEnabledEvents } from './enabled-events';

describe('enabled events', () => {
  it('keeps a valid list in its order, and "*" alone', () => {
    expect(parseEnabledEvents(['deployment.completed', 'usage.threshold_reached'])).toEqual(['deployment.completed', 'usage.threshold_reached']);
    expect(parseEnabledEvents(['*'])).toEqual(['*']);
  });

  it.each([
    ['not an array', 'deployment.completed', 'enabled_events'],
    ['empty', [], 'enabled_events'],
    ['not a string', [1], 'enabled_events[0]'],
    ['an internal event', ['deployment.offered'], 'enabled_events[0]'],
    ['a repeat', ['deployment.completed', 'deployment.completed'], 'enabled_events[1]'],
    ['"*" beside others', ['deployment.completed', '*'], 'enabled_events'],
  ])('refuses %s, naming the field', (_name, value, field) => {
    expect(() => parseEnabledEvents(value)).toThrow(expect.objectContaining({ code: 'invalid_request', field }));
  });

  it('matches listed types, every type under "*", and always the test event', () => {
    expect(isEventEnabled(['deployment.completed'], 'deployment.completed')).toBe(true);
    expect(isEventEnabled(['deployment.completed'], 'deployment.accepted')).toBe(false);
    expect(isEventEnabled(['*'], 'handoff.ready')).toBe(true);
    expect(isEventEnabled(['deployment.completed'], 'webhook.test')).toBe(true);
  });
});
