import { categorySubject, eventSubject } from './event-subject';

describe('eventSubject', () => {
  it('splits the stream name on its first dash', () => {
    expect(eventSubject('events', 'deployment-dep_01HZX')).toBe('events.deployment.dep_01HZX');
    expect(eventSubject('t1.events', 'expert-spec_1-b')).toBe('t1.events.expert.spec_1-b');
  });

  it.each(['deployment', '-dep_1', 'deployment-', 'deploy.ment-dep_1', 'deployment-dep 1', 'a-b>c', 'a-*'])(
    'rejects %p',
    (streamName) => {
      expect(() => eventSubject('events', streamName)).toThrow(TypeError);
    },
  );

  it('builds a category filter', () => {
    expect(categorySubject('events', 'deployment')).toBe('events.deployment.>');
  });
});
