import { BoundedLabel, methodLabel, oneOf, routeLabel, statusLabel } from './label-bounds';

describe('metric label bounds', () => {
  it('keeps route templates, names an unrouted request `unmatched`, never a URL', () => {
    expect(routeLabel('/v1/deployments/:id')).toBe('/v1/deployments/:id');
    expect(routeLabel(undefined)).toBe('unmatched');
    expect(routeLabel('')).toBe('unmatched');
  });

  it('maps unknown methods and impossible statuses to one value each', () => {
    expect(methodLabel('POST')).toBe('POST');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(statusLabel(201)).toBe('201');
    expect(statusLabel(0)).toBe('other');
    expect(statusLabel(1000)).toBe('other');
  });

  it('passes listed values and folds the rest into the fallback', () => {
    expect(oneOf('succeeded', ['succeeded', 'failed'] as const, 'failed')).toBe('succeeded');
    expect(oneOf('weird', ['succeeded', 'failed'] as const, 'failed')).toBe('failed');
  });

  it('lets the first N distinct values through and folds later ones into `other`', () => {
    const label = new BoundedLabel(2);
    expect([label.of('a'), label.of('b'), label.of('a'), label.of('c'), label.of('b')]).toEqual(['a', 'b', 'a', 'other', 'b']);
  });
});
