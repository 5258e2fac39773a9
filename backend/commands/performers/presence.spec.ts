import { coalesced } from './presence';

describe('coalesced presence count', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at once, then once at the end of the window for any number of calls within it', () => {
    const runs: number[] = [];
    const push = coalesced(() => runs.push(Date.now()), 500);
    const start = Date.now();
    push();
    expect(runs).toHaveLength(1);
    for (let n = 0; n < 2000; n++) push();
    expect(runs).toHaveLength(1);
    jest.advanceTimersByTime(499);
    expect(runs).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(runs.map((at) => at - start)).toEqual([0, 500]);
    // quiet for a while: the next change goes out at once again
    jest.advanceTimersByTime(2000);
    push();
    expect(runs).toHaveLength(3);
  });

  it('makes no trailing run when nothing changed after the first', () => {
    const push = jest.fn();
    coalesced(push, 500)();
    jest.advanceTimersByTime(5000);
    expect(push).toHaveBeenCalledTimes(1);
  });
});
