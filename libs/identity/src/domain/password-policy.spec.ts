import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy';

describe('passwordProblem (console passwords)', () => {
  it('accepts a long enough phrase', () => {
    expect(passwordProblem('amber kettle on the quay')).toBeNull();
    expect(passwordProblem('x'.repeat(8) + 'abcd')).toBeNull();
  });

  it('counts characters, not bytes or UTF-16 units: 12 emoji or accented letters are 12', () => {
    expect(passwordProblem('🦊🐙🐝🦉🐢🦔🐬🦋🐞🦜🐌🦩')).toBeNull();
    expect(passwordProblem('🦊🐙🐝🦉🐢🦔🐬🦋🐞🦜🐌')).toMatch(/at least 12/);
    expect(passwordProblem('éàüößçñøåæœ')).toMatch(/at least 12/);
  });

  it(`refuses fewer than ${PASSWORD_MIN_LENGTH} and more than ${PASSWORD_MAX_LENGTH} characters, naming the field`, () => {
    expect(passwordProblem('short pass1')).toBe('password must be at least 12 characters long');
    expect(passwordProblem('abcd'.repeat(50))).toBeNull();
    expect(passwordProblem('abcd'.repeat(50) + 'e')).toBe('password must be at most 200 characters long');
  });

  it('refuses blank and repetitive passwords', () => {
    expect(passwordProblem(' '.repeat(12))).toMatch(/only spaces/);
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).toMatch(/too few characters/);
    expect(passwordProblem('abcabcabcabcabc')).toMatch(/too few characters/);
  });

  it('refuses the most common passwords whatever the case', () => {
    expect(passwordProblem('Password1234')).toMatch(/most common/);
    expect(passwordProblem('QWERTY123456')).toMatch(/most common/);
  });

  it('refuses the email, its local part and the name', () => {
    expect(passwordProblem('ada.lane.writes@example.com', { email: 'Ada.Lane.Writes@example.com' })).toMatch(/email/);
    expect(passwordProblem('ada.lane.writes', { email: 'ada.lane.writes@example.com' })).toMatch(/email/);
    expect(passwordProblem('Ada Lovelace Byron', { name: 'ada lovelace byron' })).toMatch(/name/);
    expect(passwordProblem('ada lovelace byron!', { name: 'Ada Lovelace Byron' })).toBeNull();
  });
});
