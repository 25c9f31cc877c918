import { decodeCheckpoint, encodeCheckpoint, START_POSITION } from './postgres-checkpoint';

describe('PostgreSQL checkpoint', () => {
  it('round-trips positions beyond 2^53', () => {
    const position = { transactionId: '18446744073709551615', globalPosition: '9007199254740993' };
    expect(decodeCheckpoint(encodeCheckpoint(position))).toEqual(position);
  });

  it('starts before every event when absent', () => {
    expect(decodeCheckpoint(null)).toEqual(START_POSITION);
    expect(decodeCheckpoint('')).toEqual(START_POSITION);
  });

  it.each(['12', '1:2:3', 'a:1', '1:-2', ' 1:2'])('rejects %p', (bad) => {
    expect(() => decodeCheckpoint(bad)).toThrow(TypeError);
  });
});
