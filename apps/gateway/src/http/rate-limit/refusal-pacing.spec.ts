import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { RefusalPacing } from './refusal-pacing';

const response = () => new EventEmitter() as unknown as ServerResponse;

describe('RefusalPacing: a refusal answered after a pause', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers after the pause, not before', () => {
    const pacing = new RefusalPacing({ holdMs: 1000, heldPerSubject: 4 });
    const answered = jest.fn();
    pacing.answer('key_1', 60, response(), answered);
    jest.advanceTimersByTime(999);
    expect(answered).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(answered).toHaveBeenCalledTimes(1);
    expect(pacing.size).toBe(0);
  });

  it('never holds longer than the Retry-After the answer carries', () => {
    expect(new RefusalPacing({ holdMs: 5000, heldPerSubject: 4 }).holdFor('key_1', 2)).toBe(2000);
  });

  it('answers at once when pausing is off', () => {
    const pacing = new RefusalPacing({ holdMs: 0, heldPerSubject: 4 });
    const answered = jest.fn();
    pacing.answer('key_1', 60, response(), answered);
    expect(answered).toHaveBeenCalledTimes(1);
  });

  it('holds at most the bound per subject; past it answers at once, other subjects still held', () => {
    const pacing = new RefusalPacing({ holdMs: 1000, heldPerSubject: 2 });
    const answered = jest.fn();
    for (let index = 0; index < 3; index++) pacing.answer('key_1', 60, response(), () => answered('key_1'));
    pacing.answer('key_2', 60, response(), () => answered('key_2'));
    expect(answered.mock.calls).toEqual([['key_1']]);
    expect(pacing.size).toBe(3);
    jest.advanceTimersByTime(1000);
    expect(answered).toHaveBeenCalledTimes(4);
    expect(pacing.holdFor('key_1', 60)).toBe(1000);
  });

  it('sends nothing to a client that left while held, and frees its place', () => {
    const pacing = new RefusalPacing({ holdMs: 1000, heldPerSubject: 1 });
    const gone = response();
    const answered = jest.fn();
    pacing.answer('key_1', 60, gone, answered);
    gone.emit('close');
    jest.advanceTimersByTime(1000);
    expect(answered).not.toHaveBeenCalled();
    expect(pacing.holdFor('key_1', 60)).toBe(1000);
  });

  it('answers every held refusal at once when the server closes', () => {
    const pacing = new RefusalPacing({ holdMs: 1000, heldPerSubject: 4 });
    const answered = jest.fn();
    pacing.answer('key_1', 60, response(), answered);
    pacing.answer('key_2', 60, response(), answered);
    pacing.releaseAll();
    expect(answered).toHaveBeenCalledTimes(2);
    expect(pacing.size).toBe(0);
    jest.advanceTimersByTime(1000);
    expect(answered).toHaveBeenCalledTimes(2);
  });
});
