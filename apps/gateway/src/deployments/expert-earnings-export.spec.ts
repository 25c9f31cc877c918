import { DomainError } from '@eh/contracts';
import { csvField, csvRecord, earningsCsvHeader, earningsCsvRow } from './expert-earnings-csv';
import { earningsFileName, parseEarningsRange, parsePeriod, parseTimeZone } from './expert-earnings-params';

const refusal = (run: () => unknown): { code: string; field?: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('not refused');
};

describe('earnings CSV fields (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['', ''],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555', "'+1 555"],
    ['-rm', "'-rm"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['naïve café ✓', 'naïve café ✓'],
  ])('%j is written %j', (value, written) => expect(csvField(value)).toBe(written));

  it('writes numbers as they are (a negative number is not text to guard) and null as an empty field', () => {
    expect(csvField(120)).toBe('120');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('ends each record with CRLF; the header names every column', () => {
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
    expect(earningsCsvHeader()).toBe('completed_at,deployment_id,skills,credits_charged,duration_seconds,rating,brief\r\n');
    expect(
      earningsCsvRow({
        deployment_id: 'dep_1',
        completed_at: '2026-05-01T10:00:00.000Z',
        skills: ['copy', 'seo'],
        credits_charged: 40,
        duration_seconds: 600,
        rating: null,
        brief: 'Hi, "you"',
      }),
    ).toBe('2026-05-01T10:00:00.000Z,dep_1,copy seo,40,600,,"Hi, ""you"""\r\n');
  });
});

describe('earnings export parameters', () => {
  it('takes a day as its start in UTC and an instant with its offset', () => {
    expect(parseEarningsRange({ from: '2026-05-01', to: '2026-06-01T00:00:00+02:00' })).toEqual({
      from: new Date('2026-05-01T00:00:00Z'),
      to: new Date('2026-05-31T22:00:00Z'),
    });
    expect(parseEarningsRange({})).toEqual({ from: null, to: null });
    expect(parseEarningsRange({ from: '', to: '2026-01-01T10:00Z' })).toEqual({ from: null, to: new Date('2026-01-01T10:00:00Z') });
  });

  it.each([
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2026-02-30' }, 'from'],
    [{ from: '2026-13-01' }, 'from'],
    [{ to: '2026-05-01T10:00:00' }, 'to'],
    [{ to: ['2026-05-01', '2026-05-02'] }, 'to'],
    [{ from: '2026-05-02', to: '2026-05-01' }, 'to'],
    [{ from: '2026-05-01', to: '2026-05-01' }, 'to'],
  ])('refuses %j naming %s', (query, field) => expect(refusal(() => parseEarningsRange(query))).toEqual({ code: 'invalid_request', field }));

  it('periods: week or month (month by default); anything else names period', () => {
    expect(parsePeriod(undefined)).toBe('month');
    expect(parsePeriod('week')).toBe('week');
    expect(refusal(() => parsePeriod('year'))).toEqual({ code: 'invalid_request', field: 'period' });
  });

  it('time zones: an IANA name (UTC by default); anything else names time_zone', () => {
    expect(parseTimeZone(undefined)).toBe('UTC');
    expect(parseTimeZone('Europe/Paris')).toBe('Europe/Paris');
    for (const bad of ['Mars/Olympus', "UTC'; DROP TABLE x", 'a'.repeat(80), ['UTC']])
      expect(refusal(() => parseTimeZone(bad))).toEqual({ code: 'invalid_request', field: 'time_zone' });
  });

  it('names the download by its range', () => {
    expect(earningsFileName({ from: new Date('2026-05-01T00:00:00Z'), to: null })).toBe('earnings-2026-05-01-to-now.csv');
    expect(earningsFileName({ from: null, to: new Date('2026-06-01T00:00:00Z') })).toBe('earnings-start-to-2026-06-01.csv');
  });
});
