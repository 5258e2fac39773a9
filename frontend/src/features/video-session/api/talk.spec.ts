import { describe, expect, it } from '@jest/globals';
import type { SessionMessageView, SessionTalkView, SessionTipView } from '@aura/contracts';
import { withLine, withTip } from './talk';

const empty: SessionTalkView = { sessionId: 's', messages: [], tips: [], tipsTotal: 0 };
const line = { id: 'l1', sessionId: 's', text: 'Ciao' } as SessionMessageView;
const tip = (id: string, amount: number) => ({ id, sessionId: 's', amount }) as SessionTipView;

describe("a session's chat as cached", () => {
  it('adds a line or a tip once, whether the answer or the push comes first', () => {
    const once = withLine(withLine(empty, line), line);
    expect(once?.messages).toEqual([line]);
    const tipped = withTip(withTip(empty, tip('t1', 5)), tip('t1', 5), 5);
    expect(tipped).toMatchObject({ tips: [{ id: 't1' }], tipsTotal: 5 });
  });

  it('takes the total the server pushed, else adds the tip to it', () => {
    expect(withTip(withTip(empty, tip('t1', 5)), tip('t2', 2.5))?.tipsTotal).toBe(7.5);
    expect(withTip(empty, tip('t1', 5), 12)?.tipsTotal).toBe(12);
  });

  it('leaves a chat not fetched yet alone (the fetch tells)', () => {
    expect(withLine(undefined, line)).toBeUndefined();
    expect(withTip(undefined, tip('t1', 5))).toBeUndefined();
  });
});
