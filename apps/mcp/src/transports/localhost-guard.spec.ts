import { isLocalhostAddress } from './localhost-guard';

describe('isLocalhostAddress (DNS rebinding guard)', () => {
  it('accepts localhost names as Host or Origin, with any port', () => {
    for (const value of ['localhost', '127.0.0.1:3100', '[::1]:3100', 'http://localhost:5173', 'http://127.0.0.1'])
      expect(isLocalhostAddress(value)).toBe(true);
  });

  it('refuses other names, look-alikes, "null" origins and nothing at all', () => {
    for (const value of ['evil.example.com', 'localhost.evil.com:3100', 'http://127.0.0.1.nip.io', 'null', '', undefined])
      expect(isLocalhostAddress(value)).toBe(false);
  });
});
