import { inTurnPerKey } from './in-turn';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('inTurnPerKey', () => {
  it('runs the turns of one key in the order they were asked for, however long each takes', async () => {
    const inTurn = inTurnPerKey();
    const done: number[] = [];
    await Promise.all([
      inTurn('show', async () => done.push(await later(30, 1))),
      inTurn('show', async () => done.push(await later(1, 2))),
      inTurn('show', async () => done.push(await later(10, 3))),
    ]);
    expect(done).toEqual([1, 2, 3]);
  });

  it('lets other keys run meanwhile, goes on after a failed turn, and answers each turn with its own result', async () => {
    const inTurn = inTurnPerKey();
    const done: string[] = [];
    const slow = inTurn('a', async () => done.push(await later(30, 'a1')));
    const failed = inTurn('a', () => Promise.reject(new Error('refused')));
    const next = inTurn('a', async () => 'a3');
    const other = inTurn('b', async () => done.push(await later(1, 'b1')));
    await other;
    expect(done).toEqual(['b1']);
    await slow;
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('a3');
    expect(done).toEqual(['b1', 'a1']);
  });
});
