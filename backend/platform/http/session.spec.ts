import { createMemoryKeyValueStore } from '../kv/memory';
import { createSessionManager } from './session';

const DAY = 24 * 60 * 60 * 1000;

function managerAt(clock: { now: number }, secret = 's'.repeat(48)) {
  const revocations = createMemoryKeyValueStore(() => clock.now);
  return { revocations, sessions: createSessionManager({ secret, secure: false, revocations, now: () => clock.now }) };
}

describe('session tokens', () => {
  it('a token verified once is still refused once revoked, and once expired', async () => {
    const clock = { now: Date.UTC(2026, 10, 23) };
    const { sessions, revocations } = managerAt(clock);
    const { principal, token } = sessions.issue({ sub: 'user-1', kind: 'user' });
    expect(await sessions.verify(token)).toEqual(principal);
    // again: the kept verification
    expect(await sessions.verify(token)).toEqual(principal);
    await revocations.put(`revoked:${principal.sid}`, DAY);
    expect(await sessions.verify(token)).toBeUndefined();

    const other = sessions.issue({ sub: 'user-2', kind: 'user' });
    expect(await sessions.verify(other.token)).toEqual(other.principal);
    clock.now += 31 * DAY;
    expect(await sessions.verify(other.token)).toBeUndefined();
  });

  it('refuses a token signed with another secret or changed after signing, however often it is tried', async () => {
    const clock = { now: Date.UTC(2026, 10, 23) };
    const { sessions } = managerAt(clock);
    const { sessions: elsewhere } = managerAt(clock, 'o'.repeat(48));
    const foreign = elsewhere.issue({ sub: 'admin-1', kind: 'admin' }).token;
    const { token } = sessions.issue({ sub: 'user-1', kind: 'user' });
    const [payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), kind: 'admin' }),
    ).toString('base64url');
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await sessions.verify(foreign)).toBeUndefined();
      expect(await sessions.verify(`${raised}.${signature}`)).toBeUndefined();
      expect(await sessions.verify('not-a-token')).toBeUndefined();
    }
  });

  it('hands each caller its own principal', async () => {
    const { sessions } = managerAt({ now: Date.UTC(2026, 10, 23) });
    const { token } = sessions.issue({ sub: 'user-1', kind: 'user' });
    const first = (await sessions.verify(token))!;
    first.sub = 'someone-else';
    expect((await sessions.verify(token))!.sub).toBe('user-1');
  });
});
