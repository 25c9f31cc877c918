import type { Reactor, ReactorOutcome, RecordedEvent } from '@eh/event-store';
import { composeReactors } from './reactor-riders';

const event = { id: 'evt_1', streamName: 'deployment-dep_1', streamRevision: 0, type: 'deployment.created' } as RecordedEvent;

function reactor(durable: string, overrides: Partial<Reactor> = {}): Reactor {
  return { durable, subjects: 'deployment.>', handle: async () => undefined, ...overrides };
}

const only = (reactors: Reactor[], durable: string): Reactor => {
  const found = reactors.find((candidate) => candidate.durable === durable);
  if (!found) throw new Error(`no ${durable}`);
  return found;
};

describe('composeReactors (a reactor riding on another durable)', () => {
  it('leaves reactors that ride on nothing as they are', () => {
    const reactors = [reactor('a'), reactor('b', { subjects: 'expert.>' })];
    expect(composeReactors(reactors)).toEqual({ running: reactors, retired: [], replaced: [] });
  });

  it('runs a rider on its own durable when its host is not mounted', () => {
    const rider = reactor('mirror', { ridesOn: 'routing', rerunnable: true });
    expect(composeReactors([rider])).toEqual({ running: [rider], retired: [], replaced: [] });
  });

  it('hands a mounted host its rider: one durable runs, the rider’s own is retired', () => {
    const host = reactor('routing', { pullers: 3, rerunnable: true });
    const rider = reactor('mirror', { ridesOn: 'routing', rerunnable: true });
    const { running, retired } = composeReactors([rider, host]);
    expect(running.map((r) => r.durable)).toEqual(['routing']);
    expect(only(running, 'routing')).toMatchObject({ pullers: 3, rerunnable: true, subjects: 'deployment.>' });
    expect(retired).toEqual([rider]);
  });

  it('refuses a rider that is not rerunnable, or whose subject its host’s does not take whole', () => {
    expect(() => composeReactors([reactor('routing'), reactor('mirror', { ridesOn: 'routing' })])).toThrow(/not rerunnable/);
    expect(() => composeReactors([reactor('routing', { subjects: 'expert.>' }), reactor('mirror', { ridesOn: 'routing', rerunnable: true })])).toThrow(
      /subject/,
    );
    expect(() =>
      composeReactors([
        reactor('routing', { subjects: 'deployment.*' }),
        reactor('lapses', { ridesOn: 'routing', rerunnable: true, subjects: 'deployment.>' }),
      ]),
    ).toThrow(/does not take all/);
  });

  it('runs a rider on a narrower subject only for the deliveries that came on it', async () => {
    const seen: string[] = [];
    const { running, retired } = composeReactors([
      reactor('routing', { rerunnable: true, handle: async () => void seen.push('host') }),
      reactor('lapses', { ridesOn: 'routing', rerunnable: true, subjects: 'deployment.*', handle: async () => void seen.push('lapses') }),
    ]);
    expect(retired.map((r) => r.durable)).toEqual(['lapses']);
    const combined = only(running, 'routing');
    await combined.handle(event, { firstDelivery: true, subject: 'deployment.dep_1' });
    expect(seen).toEqual(['host', 'lapses']);
    seen.length = 0;
    await expect(combined.handle(event, { firstDelivery: true, subject: 'deployment.dep_1.test' })).resolves.toBeUndefined();
    expect(seen).toEqual(['host']);
    // A delivery that names no subject is not known to be the rider's.
    seen.length = 0;
    await combined.handle(event, { firstDelivery: true });
    expect(seen).toEqual(['host']);
  });

  it('asks a narrower rider’s accepts only about the deliveries that came on its subject', async () => {
    const asked: string[] = [];
    const { running } = composeReactors([
      reactor('routing', { rerunnable: true }),
      reactor('ledger', { ridesOn: 'routing', rerunnable: true, subjects: 'deployment.*', accepts: (e) => asked.push(e.id) > 0 }),
    ]);
    const combined = only(running, 'routing');
    await combined.handle({ ...event, id: 'evt_test' }, { firstDelivery: true, subject: 'deployment.dep_1.test' });
    await combined.handle({ ...event, id: 'evt_live' }, { firstDelivery: true, subject: 'deployment.dep_1' });
    expect(asked).toEqual(['evt_live']);
  });

  it('keeps a host that is not rerunnable so: its processed mark is written once every handler succeeded', () => {
    const { running } = composeReactors([reactor('routing'), reactor('mirror', { ridesOn: 'routing', rerunnable: true })]);
    expect(only(running, 'routing').rerunnable).toBeUndefined();
  });

  it('starts the rider beside the host, not after it, and settles when both have', async () => {
    const started: string[] = [];
    let finishHost: () => void = () => undefined;
    const host = reactor('routing', {
      rerunnable: true,
      handle: () =>
        new Promise<ReactorOutcome>((resolve) => {
          started.push('host');
          finishHost = () => resolve(undefined);
        }),
    });
    const rider = reactor('mirror', { ridesOn: 'routing', rerunnable: true, handle: async () => void started.push('rider') });
    const handled = only(composeReactors([host, rider]).running, 'routing').handle(event);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['host', 'rider']);
    let settled = false;
    void handled.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    finishHost();
    await expect(handled).resolves.toBeUndefined();
  });

  it('fails the delivery when either fails, after both have run (it is redelivered to both)', async () => {
    const ran: string[] = [];
    const failing = (name: string) => async () => {
      ran.push(name);
      throw new Error(`${name} failed`);
    };
    const working = (name: string) => async () => void ran.push(name);
    const riderFails = composeReactors([
      reactor('routing', { rerunnable: true, handle: working('host') }),
      reactor('mirror', { ridesOn: 'routing', rerunnable: true, handle: failing('rider') }),
    ]);
    await expect(only(riderFails.running, 'routing').handle(event)).rejects.toThrow('rider failed');
    const hostFails = composeReactors([
      reactor('routing', { rerunnable: true, handle: failing('host') }),
      reactor('mirror', { ridesOn: 'routing', rerunnable: true, handle: working('rider') }),
    ]);
    await expect(only(hostFails.running, 'routing').handle(event)).rejects.toThrow('host failed');
    expect(ran).toEqual(['host', 'rider', 'host', 'rider']);
  });

  it('answers nothing_done only when every handler did nothing', async () => {
    const answering = (host: ReactorOutcome, rider: ReactorOutcome) =>
      only(
        composeReactors([
          reactor('routing', { handle: async () => host }),
          reactor('mirror', { ridesOn: 'routing', rerunnable: true, handle: async () => rider }),
        ]).running,
        'routing',
      ).handle(event);
    await expect(answering('nothing_done', 'nothing_done')).resolves.toBe('nothing_done');
    await expect(answering(undefined, 'nothing_done')).resolves.toBeUndefined();
    await expect(answering('nothing_done', undefined)).resolves.toBeUndefined();
  });

  it('filters with each handler’s own accepts, and acks unread only what none of them accepts', async () => {
    const seen: string[] = [];
    const { running } = composeReactors([
      reactor('routing', { rerunnable: true, accepts: (e) => e.type === 'deployment.created', handle: async () => void seen.push('host') }),
      reactor('mirror', {
        ridesOn: 'routing',
        rerunnable: true,
        accepts: (e) => e.type === 'deployment.completed',
        handle: async () => void seen.push('rider'),
      }),
    ]);
    const combined = only(running, 'routing');
    expect(combined.accepts?.(event)).toBe(true);
    expect(combined.accepts?.({ ...event, type: 'deployment.completed' })).toBe(true);
    expect(combined.accepts?.({ ...event, type: 'deployment.offered' })).toBe(false);
    await combined.handle(event);
    expect(seen).toEqual(['host']);
    // A handler without `accepts` takes every event, so the durable cannot filter any.
    expect(
      only(composeReactors([reactor('routing'), reactor('mirror', { ridesOn: 'routing', rerunnable: true, accepts: () => false })]).running, 'routing').accepts,
    ).toBeUndefined();
  });
});

describe('composeReactors (reactors that replace a durable)', () => {
  const replaces = [{ durable: 'fanout', subjects: '>' }];

  it('drains a replaced durable once, on its own subject, with the first successor’s handler', () => {
    const handle = async (): Promise<ReactorOutcome> => 'nothing_done';
    const accepts = () => true;
    const first = reactor('fanout-deployments', { pullers: 4, rerunnable: true, replaces, handle, accepts });
    const second = reactor('fanout-handoffs', { subjects: 'handoff.>', rerunnable: true, replaces, handle, accepts });
    const { running, replaced } = composeReactors([first, second, reactor('other')]);
    expect(running).toEqual([first, second, reactor('other')].map((r) => expect.objectContaining({ durable: r.durable })));
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({ durable: 'fanout', subjects: '>', pullers: 1, rerunnable: true, replaces: undefined });
    expect(replaced[0].handle).toBe(handle);
    expect(replaced[0].accepts).toBe(accepts);
  });

  it('drains each of the durables a successor replaces, each on its own subject', () => {
    const handle = async (): Promise<ReactorOutcome> => 'nothing_done';
    const predecessors = [
      { durable: 'fanout', subjects: '>' },
      { durable: 'fanout-deployments', subjects: 'deployment.>' },
    ];
    const { replaced } = composeReactors([
      reactor('hooks-deployments', { subjects: 'hooks.deployment.>', rerunnable: true, replaces: predecessors, handle }),
      reactor('hooks-handoffs', { subjects: 'hooks.handoff.>', rerunnable: true, replaces: [{ durable: 'fanout', subjects: '>' }], handle }),
    ]);
    expect(replaced.map(({ durable, subjects }) => `${durable} ${subjects}`)).toEqual(['fanout >', 'fanout-deployments deployment.>']);
  });

  it('refuses a successor that is not rerunnable: the drain and it may both handle an event', () => {
    expect(() => composeReactors([reactor('fanout-deployments', { replaces })])).toThrow(/replaces fanout but is not rerunnable/);
  });
});
