import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api-client';
import { setSecondFactorPrompt, withSecondFactor } from './second-factor';

const refusal = (code = 'mfa_required') => new ApiError(403, 'Forbidden', JSON.stringify({ code, detail: 'x' }));

describe('a money action signed with a second factor', () => {
  it('asks for a code when refused with mfa_required and sends again with it; a wrong code asks again', async () => {
    const asked: boolean[] = [];
    const codes = ['111111', '222222'];
    const stop = setSecondFactorPrompt(async ({ retry }) => {
      asked.push(retry);
      return codes.shift() ?? null;
    });
    const sent: (string | undefined)[] = [];
    const answer = await withSecondFactor(async (code) => {
      sent.push(code);
      // no code: a code is required; a wrong one: it is refused
      if (code !== '222222') throw refusal(code === undefined ? 'mfa_required' : 'mfa_code_refused');
      return 'ok';
    });
    stop();
    expect(answer).toBe('ok');
    expect(sent).toEqual([undefined, '111111', '222222']);
    expect(asked).toEqual([false, true]);
  });

  it('cancelling gives the refusal back; other refusals and no prompt pass through', async () => {
    const stop = setSecondFactorPrompt(async () => null);
    await expect(withSecondFactor(async () => Promise.reject(refusal()))).rejects.toMatchObject({ status: 403 });
    await expect(
      withSecondFactor(async () => Promise.reject(new ApiError(409, 'Conflict', '{"code":"conflict"}'))),
    ).rejects.toMatchObject({ status: 409 });
    stop();
    let calls = 0;
    await expect(
      withSecondFactor(async () => {
        calls += 1;
        throw refusal();
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(calls).toBe(1);
  });
});
