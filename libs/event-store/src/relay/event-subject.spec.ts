import { categoryOf, categorySubject, eventSubject } from './event-subject';

describe('eventSubject', () => {
  it('splits the stream name on its first dash', () => {
    expect(eventSubject('events', 'deployment-dep_01HZX')).toBe('events.deployment.dep_01HZX');
    expect(eventSubject('t1.events', 'expert-spec_1-b')).toBe('t1.events.expert.spec_1-b');
  });

  it.each(['deployment', '-dep_1', 'deployment-', 'deploy.ment-dep_1', 'deployment-dep 1', 'a-b>c', 'a-*'])('rejects %p', (streamName) => {
    expect(() => eventSubject('events', streamName)).toThrow(TypeError);
  });

  it('adds a stream qualifier as a last token, and refuses one that is not a token', () => {
    expect(eventSubject('events', 'deployment-dep_1', 'test')).toBe('events.deployment.dep_1.test');
    for (const qualifier of ['', 'a.b', '*', '>', 'a b']) expect(() => eventSubject('events', 'deployment-dep_1', qualifier)).toThrow(TypeError);
  });

  it('names the category of a stream', () => {
    expect(categoryOf('deployment-dep_1-x')).toBe('deployment');
    expect(categoryOf('nodash')).toBe('');
  });

  it('builds a category filter', () => {
    expect(categorySubject('events', 'deployment')).toBe('events.deployment.>');
  });
});
