import { API_VERSION_CATALOG } from './api-versions';
import { defineCatalog, renderForVersion, resolveVersion, type JsonObject } from './version-catalog';

describe('the version catalog', () => {
  it('ships 2026-11-01 as the only and latest version', () => {
    expect(API_VERSION_CATALOG.versions).toEqual(['2026-11-01']);
    expect(resolveVersion(API_VERSION_CATALOG, undefined)).toEqual({ ok: true, version: '2026-11-01' });
  });

  it('refuses catalogs out of order or naming unknown versions, at startup', () => {
    expect(() => defineCatalog({ versions: ['2027-01-01', '2026-01-01'], changes: {} })).toThrow('oldest first');
    expect(() => defineCatalog({ versions: ['2026-01-01'], changes: { '2027-01-01': {} } })).toThrow('not in versions');
    expect(() => defineCatalog({ versions: ['26-01-01'], changes: {} })).toThrow('YYYY-MM-DD');
  });

  it('applies every newer change, newest first, and nothing for the latest version', () => {
    const trail = (step: string) => (payload: JsonObject) => ({ ...payload, trail: [...(payload.trail as string[]), step] });
    const catalog = defineCatalog({
      versions: ['2026-01-01', '2026-06-01', '2027-01-01'],
      changes: { '2026-06-01': { deployment: trail('2026-06-01') }, '2027-01-01': { deployment: trail('2027-01-01') } },
    });
    const payload = { trail: [] };
    expect(renderForVersion(catalog, '2027-01-01', 'deployment', payload)).toBe(payload);
    expect(renderForVersion(catalog, '2026-06-01', 'deployment', payload)).toEqual({ trail: ['2027-01-01'] });
    expect(renderForVersion(catalog, '2026-01-01', 'deployment', payload)).toEqual({ trail: ['2027-01-01', '2026-06-01'] });
    expect(payload).toEqual({ trail: [] });
  });

  it('trims the header value and accepts only listed dates', () => {
    expect(resolveVersion(API_VERSION_CATALOG, ' 2026-11-01 ')).toEqual({ ok: true, version: '2026-11-01' });
    expect(resolveVersion(API_VERSION_CATALOG, '2026-13-45')).toMatchObject({ ok: false });
    expect(resolveVersion(API_VERSION_CATALOG, '')).toMatchObject({ ok: false });
  });
});
