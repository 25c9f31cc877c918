import { DomainError } from '@eh/contracts';
import { parseConsoleEmail } from './console-email.rules';

describe('parseConsoleEmail', () => {
  it('trims and lowercases', () => {
    expect(parseConsoleEmail('  Ada.Lane@Example.COM ')).toBe('ada.lane@example.com');
    expect(parseConsoleEmail('a+console@mail.example.co.uk')).toBe('a+console@mail.example.co.uk');
  });

  it.each([[''], ['ada'], ['ada@example'], ['ada @example.com'], ['ada@@example.com'], ['<ada@example.com>'], [`${'a'.repeat(250)}@x.io`], [42], [null]])(
    'refuses %j naming the field',
    (value) => {
      expect(() => parseConsoleEmail(value)).toThrow(DomainError);
      try {
        parseConsoleEmail(value, 'email');
      } catch (error) {
        expect(error).toMatchObject({ code: 'invalid_request', field: 'email' });
      }
    },
  );
});
