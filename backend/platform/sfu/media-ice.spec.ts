import { showIceConfig, showTurnIdentity } from './media-ice';

const settings = {
  ICE_SERVERS: [{ urls: 'turn:127.0.0.1:3478' }],
  TURN_SECRET: 'a-turn-secret-of-16',
  TURN_CREDENTIAL_TTL_SECONDS: 600,
};
const SHOW = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const MARIO = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const now = new Date('2026-11-30T21:00:00.000Z');
const user = (socketId: string, sub = MARIO) => ({
  socketId,
  principal: { kind: 'user' as const, sub, sid: `session-of-${socketId}`, exp: 0 },
});
const usernameOf = (caller: Parameters<ReturnType<typeof showIceConfig>>[0]) =>
  showIceConfig(settings, () => now)(caller, SHOW, 'viewer').iceServers[0]!.username!;

describe("a show's TURN credentials", () => {
  it("are each viewer's own: visitors per connection, a signed-in person across his tabs", () => {
    const visitors = ['s1', 's2', 's3', 's4', 's5'].map((socketId) => usernameOf({ socketId }));
    expect(new Set(visitors).size).toBe(5);
    expect(usernameOf(user('tab-1'))).toBe(usernameOf(user('tab-2')));
    expect(usernameOf(user('tab-1'))).not.toBe(usernameOf(user('tab-1', '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f')));
  });

  it("follow coturn's REST scheme for at most 10 minutes, relay only, and never name the account", () => {
    const config = showIceConfig(settings, () => now)(user('tab-1'), SHOW, 'viewer');
    const [expiry, identity] = config.iceServers[0]!.username!.split(':');
    expect(Number(expiry)).toBe(now.getTime() / 1000 + 600);
    expect(identity).toMatch(/^show-viewer-[\w-]{16}$/);
    expect(config.iceServers[0]!.username).not.toContain(MARIO);
    expect(config).toMatchObject({ iceTransportPolicy: 'relay', expiresAt: '2026-11-30T21:10:00.000Z' });
  });

  it('give her, publishing, another name than any viewer, and another show other names', () => {
    const caller = {
      socketId: 'her',
      principal: { kind: 'performer' as const, sub: MARIO, sid: 'her-session', exp: 0 },
    };
    expect(showTurnIdentity(settings, caller, SHOW, 'publisher')).toMatch(/^show-publisher-/);
    expect(showTurnIdentity(settings, caller, SHOW, 'publisher')).not.toBe(
      showTurnIdentity(settings, caller, SHOW, 'viewer'),
    );
    expect(showTurnIdentity(settings, caller, SHOW, 'viewer')).not.toBe(
      showTurnIdentity(settings, caller, '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 'viewer'),
    );
  });
});
