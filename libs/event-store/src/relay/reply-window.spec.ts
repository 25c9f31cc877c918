import { ReplyWindow, replyWindowFor } from './reply-window';

describe('ReplyWindow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds replies for its window and sends them together, in order', () => {
    const sent: number[] = [];
    const window = new ReplyWindow(20);
    window.add(() => sent.push(1));
    jest.advanceTimersByTime(10);
    window.add(() => sent.push(2));
    jest.advanceTimersByTime(9);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([1, 2]);
    window.add(() => sent.push(3));
    jest.advanceTimersByTime(20);
    expect(sent).toEqual([1, 2, 3]);
  });

  it('sends at once on flush, and nothing twice', () => {
    const sent: number[] = [];
    const window = new ReplyWindow(20);
    window.add(() => sent.push(1));
    window.flush();
    expect(sent).toEqual([1]);
    jest.advanceTimersByTime(50);
    expect(sent).toEqual([1]);
  });

  it('is shared by the consumers of one connection', () => {
    const connection = {};
    expect(replyWindowFor(connection, 20)).toBe(replyWindowFor(connection, 5));
    expect(replyWindowFor({}, 20)).not.toBe(replyWindowFor(connection, 20));
  });
});
