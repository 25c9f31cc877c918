import { base64UrlToBytes } from '../../apps/console/src/notify/base64url';
import { ApiError } from '../../apps/console/src/api/api-error';
import { offerNotice, unreadOfferNotice } from '../../apps/console/src/notify/offer-notice';
import { offerNoticeToShow } from '../../apps/console/src/notify/offer-notice-read';
import { markedTitle, unmarkedTitle } from '../../apps/console/src/notify/tab-title';
import { dayAfter, exportHref } from '../../apps/console/src/scenes/History/export-range';
import { periodName } from '../../apps/console/src/scenes/History/period-name';
import { deviceName } from '../../apps/console/src/scenes/Settings/device-name';
import { routeKind, routeOf } from '../../apps/console/src/app/routes';

/** The rules behind the expert's notifications, History by period and the export, without a browser. */
describe('the tab title while offers are unseen', () => {
  it.each([
    ['Offers · Expert console', 1, '(1) New offer · Offers · Expert console'],
    ['Offers · Expert console', 3, '(3) New offers · Offers · Expert console'],
    ['(1) New offer · Offers · Expert console', 2, '(2) New offers · Offers · Expert console'],
    ['(2) New offers · Work · Expert console', 0, 'Work · Expert console'],
  ])('%j with %d open offers is %j', (title, open, expected) => expect(markedTitle(title, open)).toBe(expected));

  it('unmarks only its own prefix', () => {
    expect(unmarkedTitle('(4) New offers · History · Expert console')).toBe('History · Expert console');
    expect(unmarkedTitle('(4) Something else')).toBe('(4) Something else');
  });
});

describe('the notification of an offer', () => {
  const offer = {
    id: 'dep_1',
    brief: 'Name the product. Three options, each with a line.',
    skills: ['naming', 'copy'],
    credits_reserved: 1200,
    offer: { offer_number: 2, offered_at: '2026-05-01T10:00:00Z', expires_at: '2026-05-01T10:05:00Z' },
  };

  it('names the skills, the brief’s first sentence, the cap and the time to accept by; tagged as the push messages are', () => {
    const notice = offerNotice(offer);
    expect(notice.title).toBe('New offer: naming, copy');
    expect(notice.tag).toBe('offer:dep_1:2');
    expect(notice.body.split('\n')[0]).toBe('Name the product.');
    expect(notice.body.split('\n')[1]).toMatch(/^Up to 1,200 credits · accept by \d{1,2}:\d{2}( [AP]M)?$/);
  });

  it('says so when no skill is named and leaves the time out without an open offer', () => {
    const notice = offerNotice({ ...offer, skills: [], offer: null });
    expect(notice.title).toBe('New offer: no skill named');
    expect(notice.body.split('\n')[1]).toBe('Up to 1,200 credits');
    expect(notice.tag).toBe('offer:dep_1:0');
  });

  it('still announces an offer it could not read, from what the live message said', () => {
    const notice = unreadOfferNotice('dep_1', '2026-05-01T09:30:00.000Z');
    expect(notice.title).toBe('New offer');
    expect(notice.body).toMatch(/^Open the console to read it · accept by \d{1,2}:\d{2}( [AP]M)?$/);
    expect(notice.tag).toBe('offer:dep_1');
    expect(unreadOfferNotice('dep_1', '').body).toBe('Open the console to read it');
  });
});

describe('what is announced of an offer the live stream told of', () => {
  const offer = { id: 'dep_1', brief: 'Name the product.', skills: ['naming'], credits_reserved: 40, offer: null };
  const EXPIRES = '2026-05-01T09:30:00.000Z';
  /** A reader answering in turn with each of `answers` (an Error is thrown), counting its reads. */
  const reader = (...answers: (typeof offer | Error)[]) => {
    const read = Object.assign(
      async () => {
        read.count += 1;
        const answer = answers[Math.min(read.count, answers.length) - 1];
        if (answer instanceof Error) throw answer;
        return answer;
      },
      { count: 0 },
    );
    return read;
  };
  const unavailable = new ApiError(503, 'unavailable', 'try again');
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads again after a 5xx or a network error, and announces the offer as read', async () => {
    const read = reader(unavailable, new TypeError('Failed to fetch'), offer);
    expect(await offerNoticeToShow('dep_1', EXPIRES, read, 1)).toEqual(offerNotice(offer));
    expect(read.count).toBe(3);
  });

  it('after three failed reads, announces it from the live message', async () => {
    const read = reader(unavailable);
    expect(await offerNoticeToShow('dep_1', EXPIRES, read, 1)).toEqual(unreadOfferNotice('dep_1', EXPIRES));
    expect(read.count).toBe(3);
  });

  it.each([404, 401])('announces nothing on a %i, read once: the offer is gone or the expert signed out', async (status) => {
    const read = reader(new ApiError(status, 'not_found', 'gone'));
    expect(await offerNoticeToShow('dep_1', EXPIRES, read, 1)).toBeNull();
    expect(read.count).toBe(1);
  });
});

describe('the CSV export’s address', () => {
  it('sends To as the next day (the API’s bound is exclusive) and leaves out what is empty', () => {
    expect(exportHref('', '')).toEqual({ href: '/expert/v1/earnings.csv' });
    expect(exportHref('2026-05-01', '')).toEqual({ href: '/expert/v1/earnings.csv?from=2026-05-01' });
    expect(exportHref('2026-05-01', '2026-05-31')).toEqual({ href: '/expert/v1/earnings.csv?from=2026-05-01&to=2026-06-01' });
    expect(exportHref('2026-05-01', '2026-05-01')).toEqual({ href: '/expert/v1/earnings.csv?from=2026-05-01&to=2026-05-02' });
  });

  it('refuses To before From', () => expect(exportHref('2026-05-02', '2026-05-01')).toEqual({ error: 'To must be on or after From.' }));

  it.each([
    ['2026-02-28', '2026-03-01'],
    ['2028-02-28', '2028-02-29'],
    ['2026-12-31', '2027-01-01'],
  ])('the day after %s is %s', (day, next) => expect(dayAfter(day)).toBe(next));
});

describe('periods and devices as people read them', () => {
  it('names a month and a week by their first day, whatever the runner’s zone', () => {
    expect(periodName('2026-05-01', 'month')).toMatch(/May.*2026/);
    expect(periodName('2026-11-30', 'week')).toMatch(/(30.*Nov|Nov.*30).*2026/);
  });

  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox on Android'],
    [null, 'A browser'],
  ])('%s is %s', (agent, name) => expect(deviceName(agent)).toBe(name));

  it('decodes the VAPID key from base64url, padding or not', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect(base64UrlToBytes('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U')).toHaveLength(65);
  });

  it('/settings is an expert’s page', () => {
    expect(routeOf('/settings')).toEqual({ page: 'settings' });
    expect(routeKind({ page: 'settings' })).toBe('expert');
  });
});
