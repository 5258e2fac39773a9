import { ConfigError, loadConfig } from './config';

describe('configuration of private sessions', () => {
  it('defaults to no ICE servers, one-minute billing, 30 s grace and 60 s requests', () => {
    const config = loadConfig({});
    expect(config.ICE_SERVERS).toEqual([]);
    expect(config).toMatchObject({ BILLING_MINUTE_MS: 60_000, SESSION_RECONNECT_GRACE_MS: 30_000, SESSION_REQUEST_TIMEOUT_MS: 60_000, TURN_CREDENTIAL_TTL_SECONDS: 600 });
  });

  it('reads ICE_SERVERS as a JSON list of RTCIceServer and refuses anything else', () => {
    expect(loadConfig({ ICE_SERVERS: '[{"urls":"turn:127.0.0.1:3478"}]' }).ICE_SERVERS).toEqual([{ urls: 'turn:127.0.0.1:3478' }]);
    expect(loadConfig({ ICE_SERVERS: ' ' }).ICE_SERVERS).toEqual([]);
    expect(() => loadConfig({ ICE_SERVERS: 'turn:x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"turn:x"}]' })).toThrow(ConfigError);
  });
});
