import { LeaseBook, type Grant } from './rate-limit-leases';

/** A window of `limit` in memory, granting like the script: at most a tenth of what is left, at least one. */
function harness(limit: number, leaseMs = 1000, retryAfterSeconds = 60) {
  let now = 0;
  let counted: string[] = [];
  const trips: number[] = [];
  /** [permits the window had left, permits granted], per trip. */
  const grants: [number, number][] = [];
  const book = new LeaseBook({
    leaseMs,
    maxPermits: 100,
    now: () => now,
    take: async (_subject, member, wanted): Promise<Grant> => {
      trips.push(wanted);
      const left = limit - counted.length;
      const granted = left <= 0 ? 0 : Math.max(1, Math.min(wanted, Math.floor(left / 10)));
      grants.push([left, granted]);
      for (let n = 1; n <= granted; n++) counted.push(`${member}:${n}`);
      const verdict = { allowed: granted > 0, limit, remaining: Math.max(0, limit - counted.length), resetEpochSeconds: 60, retryAfterSeconds };
      return { verdict, member, granted };
    },
    giveBack: (_subject, members) => {
      counted = counted.filter((member) => !members.includes(member));
    },
  });
  let request = 0;
  const hit = () => book.hit('key_1', `req_${++request}`);
  return { book, hit, trips, grants, counted: () => counted.length, advance: (ms: number) => (now += ms) };
}

describe('LeaseBook: rate-limit permits taken ahead', () => {
  it('takes more permits as a burst goes on within one period', async () => {
    const { hit, trips } = harness(10_000);
    for (let index = 0; index < 40; index++) await hit();
    expect(trips.length).toBeLessThan(10);
  });

  it('asks for one permit at a time while a key is quiet: every verdict exact, one trip per request', async () => {
    const { hit, trips, advance } = harness(1000);
    const remaining: number[] = [];
    for (let index = 0; index < 5; index++) {
      remaining.push((await hit())?.remaining ?? -1);
      advance(1500);
    }
    expect(remaining).toEqual([999, 998, 997, 996, 995]);
    expect(trips).toEqual([1, 1, 1, 1, 1]);
  });

  it('asks a busy key for what it used last period, and serves the lease without a trip; remaining counts down by one', async () => {
    const { hit, trips, advance, counted } = harness(1000);
    for (let index = 0; index < 20; index++) await hit();
    advance(1000);
    const tripsBefore = trips.length;
    const remaining: number[] = [];
    for (let index = 0; index < 20; index++) remaining.push((await hit())?.remaining ?? -1);
    expect(trips.slice(tripsBefore)).toEqual([20]);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, index) => 979 - index));
    expect(counted()).toBe(40);
  });

  it('lets requests arriving together share the lease the first one is taking', async () => {
    const { hit, trips, advance } = harness(1000);
    for (let index = 0; index < 10; index++) await hit();
    advance(1000);
    const tripsBefore = trips.length;
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => hit()));
    expect(trips.slice(tripsBefore)).toEqual([10]);
    expect(verdicts.map((verdict) => verdict?.remaining).sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual([989, 988, 987, 986, 985, 984, 983, 982, 981, 980]);
  });

  it('makes two trips for a burst on a quiet key: the first request alone, then one for everyone who waited', async () => {
    const { hit, trips } = harness(1000);
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => hit()));
    expect(trips).toEqual([1, 10]);
    expect(verdicts.every((verdict) => verdict?.allowed)).toBe(true);
  });

  it('fails the requests waiting on a trip Redis did not answer, without a trip each', async () => {
    let trips = 0;
    const take = async () => {
      trips++;
      return null;
    };
    const book = new LeaseBook({ leaseMs: 1000, maxPermits: 100, now: () => 0, take, giveBack: () => undefined });
    const verdicts = await Promise.all(Array.from({ length: 10 }, (_, index) => book.hit('key_1', `req_${index}`)));
    expect(verdicts).toEqual(Array.from({ length: 10 }, () => null));
    expect(trips).toBe(1);
  });

  it('gives back what an expired lease did not use, so the window counts only requests served', async () => {
    const { book, hit, advance, counted } = harness(1000);
    for (let index = 0; index < 30; index++) await hit();
    advance(1000);
    await hit();
    await hit();
    expect(counted()).toBeGreaterThan(32);
    advance(1000);
    book.sweep();
    expect(counted()).toBe(32);
  });

  it('never lets a key past its limit, and counts the last tenth one request at a time', async () => {
    const { hit, grants, advance } = harness(50);
    for (let index = 0; index < 30; index++) await hit();
    advance(1000);
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => hit()));
    expect(verdicts.filter((verdict) => verdict?.allowed)).toHaveLength(20);
    expect(verdicts.filter((verdict) => verdict?.allowed === false).every((verdict) => verdict?.remaining === 0)).toBe(true);
    expect(grants.filter(([left]) => left < 20).every(([left, granted]) => granted === Math.min(1, left))).toBe(true);
  });

  it('fails open with the store: no verdict when Redis does not answer', async () => {
    const book = new LeaseBook({ leaseMs: 1000, maxPermits: 100, now: () => 0, take: async () => null, giveBack: () => undefined });
    expect(await book.hit('key_1', 'req_1')).toBeNull();
  });

  it('gives back every unused permit when released (shutdown) and forgets quiet keys', async () => {
    const { book, hit, advance, counted } = harness(1000);
    for (let index = 0; index < 10; index++) await hit();
    advance(1000);
    await hit();
    expect(counted()).toBeGreaterThan(11);
    book.releaseAll();
    expect(counted()).toBe(11);
    advance(3000);
    book.sweep();
    expect(await hit()).toMatchObject({ allowed: true });
  });

  it('answers a refused key from memory for one lease period, then asks Redis again', async () => {
    const { hit, trips, advance } = harness(5);
    for (let index = 0; index < 5; index++) await hit();
    advance(1000);
    const tripsBefore = trips.length;
    const refused = [];
    for (let index = 0; index < 50; index++) refused.push(await hit());
    expect(refused.every((verdict) => verdict?.allowed === false && verdict.remaining === 0)).toBe(true);
    expect(trips.length - tripsBefore).toBe(1);
    advance(400);
    expect((await hit())?.retryAfterSeconds).toBe(60);
    advance(600);
    await hit();
    expect(trips.length - tripsBefore).toBe(2);
  });

  it('counts the wait down from the refusal it remembers', async () => {
    const { hit, advance } = harness(1, 5000);
    await hit();
    expect((await hit())?.retryAfterSeconds).toBe(60);
    advance(2500);
    expect((await hit())?.retryAfterSeconds).toBe(58);
  });

  it('does not remember a refusal whose window may free a slot within the second (Retry-After: 1)', async () => {
    const { hit, trips } = harness(1, 1000, 1);
    await hit();
    for (let index = 0; index < 3; index++) expect(await hit()).toMatchObject({ allowed: false });
    expect(trips).toHaveLength(4);
  });

  it('forgets a remembered refusal once it no longer holds', async () => {
    const { book, hit, advance, trips } = harness(1);
    await hit();
    await hit();
    advance(1000);
    book.sweep();
    advance(2000);
    book.sweep();
    const before = trips.length;
    await hit();
    expect(trips.length).toBe(before + 1);
  });
});
