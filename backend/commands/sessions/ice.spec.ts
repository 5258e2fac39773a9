import { createHmac } from 'node:crypto';
import {
  candidateAllowed,
  forwardable,
  iceConfigFor,
  relayOnly,
  relayOnlySdp,
  turnCredentials,
  turnTtlSeconds,
} from './ice';

const now = new Date('2026-11-20T10:00:00.000Z');
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const host = 'candidate:1 1 udp 2122260223 192.168.1.20 54400 typ host generation 0';
const srflx = 'candidate:2 1 udp 1686052607 203.0.113.7 54400 typ srflx raddr 192.168.1.20 rport 54400';
const relay = 'candidate:3 1 udp 41885439 198.51.100.9 61000 typ relay raddr 203.0.113.7 rport 54400';

describe('ICE configuration', () => {
  it('signs TURN credentials as coturn use-auth-secret checks them', () => {
    const { username, credential } = turnCredentials('a-very-secret-value', `${sessionId}-user`, 3600, now);
    expect(username).toBe(`${now.getTime() / 1000 + 3600}:${sessionId}-user`);
    expect(credential).toBe(createHmac('sha1', 'a-very-secret-value').update(username).digest('base64'));
  });

  it('is relay-only whenever a TURN server is configured', () => {
    expect(relayOnly({ ICE_SERVERS: [] })).toBe(false);
    expect(relayOnly({ ICE_SERVERS: [{ urls: 'stun:stun.example:3478' }] })).toBe(false);
    expect(relayOnly({ ICE_SERVERS: [{ urls: ['stun:a:3478', 'turn:a:3478?transport=udp'] }] })).toBe(true);
  });

  it('gives TURN entries short-lived credentials and leaves the others alone', () => {
    const config = iceConfigFor(
      {
        ICE_SERVERS: [{ urls: 'stun:a:3478' }, { urls: 'turn:a:3478' }],
        TURN_SECRET: 'a-very-secret-value',
        TURN_CREDENTIAL_TTL_SECONDS: 600,
      },
      'x',
      now,
    );
    expect(config.iceTransportPolicy).toBe('relay');
    expect(config.iceServers[0]).toEqual({ urls: 'stun:a:3478' });
    expect(config.iceServers[1]).toMatchObject({ urls: 'turn:a:3478', username: `${now.getTime() / 1000 + 600}:x` });
    expect(config.expiresAt).toBe(new Date(now.getTime() + 600_000).toISOString());
    expect(iceConfigFor({ ICE_SERVERS: [], TURN_CREDENTIAL_TTL_SECONDS: 600 }, 'x', now)).toEqual({
      iceServers: [],
      iceTransportPolicy: 'all',
      expiresAt: null,
    });
  });

  it('lets TURN credentials live until the session can no longer run plus a minute, at most 10 minutes', () => {
    const in90s = now.getTime() + 90_000;
    expect(turnTtlSeconds(in90s, now, 600)).toBe(150);
    expect(turnTtlSeconds(now.getTime() + 3_600_000, now, 600)).toBe(600);
    expect(turnTtlSeconds(now.getTime() + 3_600_000, now, 3_600)).toBe(600);
    expect(turnTtlSeconds(now.getTime() + 3_600_000, now, 120)).toBe(120);
    // paid time already over (the clock ends it any moment): the margin only
    expect(turnTtlSeconds(now.getTime() - 5_000, now, 600)).toBe(60);
    const config = iceConfigFor(
      { ICE_SERVERS: [{ urls: 'turn:a:3478' }], TURN_SECRET: 'a-very-secret-value', TURN_CREDENTIAL_TTL_SECONDS: 600 },
      'x',
      now,
      in90s,
    );
    expect(config.iceServers[0]).toMatchObject({ username: `${now.getTime() / 1000 + 150}:x` });
    expect(config.expiresAt).toBe(new Date(now.getTime() + 150_000).toISOString());
  });
});

describe('forwarded signalling', () => {
  it('passes every candidate without TURN, only relay ones with it', () => {
    expect([host, srflx, relay].map((c) => candidateAllowed(c, false))).toEqual([true, true, true]);
    expect([host, srflx, relay].map((c) => candidateAllowed(c, true))).toEqual([false, false, true]);
    expect(forwardable({ sessionId, candidate: { candidate: host, sdpMid: '0' } }, true)).toBeUndefined();
    // its related address is the sender's own: blanked
    expect(forwardable({ sessionId, candidate: { candidate: relay, sdpMid: '0' } }, true)).toEqual({
      candidate: {
        candidate: 'candidate:3 1 udp 41885439 198.51.100.9 61000 typ relay raddr 0.0.0.0 rport 0',
        sdpMid: '0',
      },
    });
    expect(forwardable({ sessionId, candidate: { candidate: host, sdpMid: '0' } }, false)).toEqual({
      candidate: { candidate: host, sdpMid: '0' },
    });
    expect(forwardable({ sessionId, candidate: null }, true)).toEqual({ candidate: null });
  });

  it('strips non-relay candidates and addresses from a relay-only description', () => {
    const sdp = [
      'v=0',
      'c=IN IP4 192.168.1.20',
      'a=rtcp:9 IN IP4 192.168.1.20',
      `a=${host}`,
      `a=${srflx}`,
      `a=${relay}`,
      'a=mid:0',
    ].join('\r\n');
    const cleaned = relayOnlySdp(sdp);
    expect(cleaned).not.toContain('192.168.1.20 54400 typ host');
    expect(cleaned).not.toContain('typ srflx');
    expect(cleaned).toContain('typ relay raddr 0.0.0.0 rport 0');
    expect(cleaned).not.toContain('203.0.113.7');
    expect(cleaned).toContain('c=IN IP4 0.0.0.0');
    expect(cleaned).toContain('a=rtcp:9 IN IP4 0.0.0.0');
    expect(cleaned.split('\r\n')).toHaveLength(5);
  });
});
