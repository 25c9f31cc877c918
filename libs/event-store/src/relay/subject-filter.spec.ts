import { filterCovers, subjectMatches } from './subject-filter';

describe('subjectMatches', () => {
  it.each([
    ['deployment.*', 'deployment.dep_1', true],
    ['deployment.*', 'deployment.dep_1.test', false],
    ['deployment.*', 'deployment', false],
    ['deployment.>', 'deployment.dep_1', true],
    ['deployment.>', 'deployment.dep_1.test', true],
    ['deployment.>', 'deployment', false],
    ['deployment.*.test', 'deployment.dep_1.test', true],
    ['deployment.*.test', 'deployment.dep_1.live', false],
    ['expert.>', 'deployment.dep_1', false],
    ['>', 'deployment.dep_1', true],
    ['hooks.deployment.>', 'deployment.dep_1', false],
    ['deployment.dep_1', 'deployment.dep_1', true],
    ['deployment.dep_1', 'deployment.dep_2', false],
  ])('%s takes %s: %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });
});

describe('filterCovers', () => {
  it.each([
    ['deployment.>', 'deployment.*', true],
    ['deployment.>', 'deployment.>', true],
    ['deployment.>', 'deployment.*.test', true],
    ['deployment.*', 'deployment.*', true],
    ['deployment.*', 'deployment.>', false],
    ['deployment.*', 'deployment.*.test', false],
    ['deployment.>', 'deployment', false],
    ['deployment.>', 'expert.>', false],
    ['deployment.>', '>', false],
    ['>', 'deployment.*', true],
    ['*.>', 'deployment.>', true],
    ['deployment.dep_1', 'deployment.*', false],
    ['deployment.*', 'deployment.dep_1', true],
  ])('%s covers %s: %s', (outer, inner, expected) => {
    expect(filterCovers(outer, inner)).toBe(expected);
  });

  it('agrees with subjectMatches: a covered filter takes nothing its cover refuses', () => {
    const filters = ['deployment.>', 'deployment.*', 'deployment.*.test', '>', '*.>', 'expert.>', 'deployment.dep_1'];
    const subjects = ['deployment.dep_1', 'deployment.dep_1.test', 'deployment', 'expert.spec_1', 'deployment.dep_2.live.x'];
    for (const outer of filters)
      for (const inner of filters)
        if (filterCovers(outer, inner)) for (const subject of subjects) if (subjectMatches(inner, subject)) expect(subjectMatches(outer, subject)).toBe(true);
  });
});
