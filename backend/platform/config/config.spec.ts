import { ConfigError, loadConfig } from './config';
import { limitsInForce, unknownRateLimits } from './rate-limits';

describe('configuration of private sessions', () => {
  it('defaults to no ICE servers, one-minute billing, 30 s grace and 60 s requests', () => {
    const config = loadConfig({});
    expect(config.ICE_SERVERS).toEqual([]);
    expect(config).toMatchObject({
      BILLING_MINUTE_MS: 60_000,
      SESSION_RECONNECT_GRACE_MS: 30_000,
      SESSION_REQUEST_TIMEOUT_MS: 60_000,
      TURN_CREDENTIAL_TTL_SECONDS: 600,
    });
  });

  it('reads ICE_SERVERS as a JSON list of RTCIceServer and refuses anything else', () => {
    expect(loadConfig({ ICE_SERVERS: '[{"urls":"turn:127.0.0.1:3478"}]' }).ICE_SERVERS).toEqual([
      { urls: 'turn:127.0.0.1:3478' },
    ]);
    expect(loadConfig({ ICE_SERVERS: ' ' }).ICE_SERVERS).toEqual([]);
    expect(() => loadConfig({ ICE_SERVERS: 'turn:x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"turn:x"}]' })).toThrow(ConfigError);
  });
});

describe('configuration of rate limits', () => {
  it('overrides nothing by default, and keeps a 5-failure, 15-minute admin lock', () => {
    const config = loadConfig({});
    expect(config.RATE_LIMITS).toEqual({});
    expect(config).toMatchObject({
      ADMIN_LOCK_AFTER_FAILURES: 5,
      ADMIN_ADDRESS_LOCK_AFTER_FAILURES: 10,
      ADMIN_LOCK_MINUTES: 15,
    });
  });

  it('reads overrides as name=max/window (* for every limit), turns them off outside production only, and refuses the rest', () => {
    expect(loadConfig({ RATE_LIMITS: 'register=3/30m, typing=5/10s, *=100/1s' }).RATE_LIMITS).toEqual({
      register: { max: 3, windowMs: 1_800_000 },
      typing: { max: 5, windowMs: 10_000 },
      '*': { max: 100, windowMs: 1_000 },
    });
    expect(loadConfig({ RATE_LIMITS: 'off' }).RATE_LIMITS).toBe('off');
    expect(() =>
      loadConfig({ RATE_LIMITS: 'off', NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'k'.repeat(32) }),
    ).toThrow(/never production/);
    expect(() => loadConfig({ RATE_LIMITS: 'message=3' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMITS: 'message=0/1m' })).toThrow(ConfigError);
  });
});

describe('the rate limits in force', () => {
  const declared = { register: { max: 10, windowMs: 3_600_000 }, message: { max: 30, windowMs: 60_000 } };

  it('are the declared defaults, then *, then the names RATE_LIMITS gives', () => {
    expect(limitsInForce(declared, {})).toEqual(declared);
    expect(limitsInForce(declared, { message: { max: 3, windowMs: 1_000 } })).toEqual({
      register: { max: 10, windowMs: 3_600_000 },
      message: { max: 3, windowMs: 1_000 },
    });
    expect(
      limitsInForce(declared, { '*': { max: 1_000, windowMs: 1_000 }, register: { max: 2, windowMs: 60_000 } }),
    ).toEqual({ register: { max: 2, windowMs: 60_000 }, message: { max: 1_000, windowMs: 1_000 } });
    expect(limitsInForce(declared, 'off')).toBe('off');
  });

  it('name what no side declares', () => {
    expect(unknownRateLimits({ message: { max: 3, windowMs: 1 }, '*': { max: 1, windowMs: 1 } }, ['message'])).toBe(
      undefined,
    );
    expect(unknownRateLimits({ messages: { max: 3, windowMs: 1 } }, ['register', 'message'])?.message).toBe(
      'RATE_LIMITS: no rate limit is named "messages" (message, register)',
    );
    expect(unknownRateLimits('off', [])).toBe(undefined);
  });
});

describe('configuration of the shows SFU', () => {
  it('defaults to the embedded SFU and 50 viewers a room', () => {
    expect(loadConfig({})).toMatchObject({ SFU: 'embedded', SHOW_MAX_VIEWERS: 50 });
  });

  it('takes Janus with its ws:// URL and secret, and refuses Janus without a URL or with an http one', () => {
    expect(
      loadConfig({
        SFU: 'janus',
        JANUS_URL: 'ws://janus:8188',
        JANUS_API_SECRET: 'a-janus-secret-16+',
        SHOW_MAX_VIEWERS: '200',
      }),
    ).toMatchObject({ SFU: 'janus', JANUS_URL: 'ws://janus:8188', SHOW_MAX_VIEWERS: 200 });
    expect(() => loadConfig({ SFU: 'janus' })).toThrow(/SFU=janus needs JANUS_URL/);
    expect(() => loadConfig({ SFU: 'janus', JANUS_URL: 'http://janus:8088' })).toThrow(ConfigError);
    expect(() => loadConfig({ SFU: 'mediasoup' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHOW_MAX_VIEWERS: '0' })).toThrow(ConfigError);
  });

  it('pins the embedded SFU to one IPv4 address when asked (tests: loopback), and refuses anything else', () => {
    expect(loadConfig({}).SFU_ICE_ADDRESS).toBeUndefined();
    expect(loadConfig({ SFU_ICE_ADDRESS: '127.0.0.1' })).toMatchObject({ SFU_ICE_ADDRESS: '127.0.0.1' });
    expect(() => loadConfig({ SFU_ICE_ADDRESS: 'localhost' })).toThrow(/SFU_ICE_ADDRESS must be an IPv4 address/);
  });
});

describe('configuration of the SEPA payout rail', () => {
  const debtor = {
    PAYOUT_PROVIDER: 'sepa',
    SEPA_DEBTOR_NAME: 'Aura Media S.r.l.',
    SEPA_DEBTOR_IBAN: 'it60 x054 2811 1010 0000 0123 456',
    SEPA_DEBTOR_BIC: 'bppiitrrxxx',
  };

  it('defaults to the sandbox; sepa reads the debtor, the IBAN in electronic form and the BIC in capitals', () => {
    expect(loadConfig({}).PAYOUT_PROVIDER).toBe('sandbox');
    expect(loadConfig(debtor)).toMatchObject({
      PAYOUT_PROVIDER: 'sepa',
      SEPA_DEBTOR_NAME: 'Aura Media S.r.l.',
      SEPA_DEBTOR_IBAN: 'IT60X0542811101000000123456',
      SEPA_DEBTOR_BIC: 'BPPIITRRXXX',
    });
  });

  it('refuses sepa without its debtor, an IBAN with a wrong checksum and a malformed BIC', () => {
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'sepa' })).toThrow(
      /needs SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN and SEPA_DEBTOR_BIC/,
    );
    expect(() => loadConfig({ ...debtor, SEPA_DEBTOR_IBAN: 'IT61X0542811101000000123456' })).toThrow(
      /SEPA_DEBTOR_IBAN is not a valid IBAN/,
    );
    expect(() => loadConfig({ ...debtor, SEPA_DEBTOR_BIC: 'BPPI' })).toThrow(/SEPA_DEBTOR_BIC is not a BIC/);
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'bank' })).toThrow(ConfigError);
  });
});

describe("configuration of admins' second factor", () => {
  it('is mandatory by default in production only, which also needs the key sealing the secrets', () => {
    expect(loadConfig({}).ADMIN_MFA_REQUIRED).toBe(false);
    const staging = { AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: 'true' };
    expect(
      loadConfig({ NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'k'.repeat(32), ...staging }).ADMIN_MFA_REQUIRED,
    ).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        MFA_ENCRYPTION_KEY: 'k'.repeat(32),
        ADMIN_MFA_REQUIRED: 'false',
        ...staging,
      }).ADMIN_MFA_REQUIRED,
    ).toBe(false);
    expect(loadConfig({ ADMIN_MFA_REQUIRED: 'true' }).ADMIN_MFA_REQUIRED).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/production needs MFA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ MFA_ENCRYPTION_KEY: 'short' })).toThrow(/at least 32 characters/);
  });
});

describe('configuration of age verification (issue 39 item 1)', () => {
  const production = { NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'k'.repeat(32) };
  const yoti = {
    AGE_VERIFICATION: 'yoti',
    YOTI_SDK_ID: 'sdk',
    YOTI_API_KEY: 'key',
    PUBLIC_URL: 'https://aura.example',
  };

  it('runs the sandbox by default outside production, and refuses off and the sandbox in production', () => {
    expect(loadConfig({}).AGE_VERIFICATION).toBe('sandbox');
    expect(loadConfig({ AGE_VERIFICATION: 'off' }).AGE_VERIFICATION).toBe('off');
    expect(() => loadConfig({ ...production, AGE_VERIFICATION: 'off' })).toThrow(
      /AGE_VERIFICATION=off is refused in production/,
    );
    expect(() => loadConfig(production)).toThrow(/AGE_VERIFICATION=sandbox checks nobody/);
    expect(loadConfig({ ...production, AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: 'true' }).AGE_VERIFICATION).toBe(
      'sandbox',
    );
  });

  it('takes yoti with its keys and PUBLIC_URL only, and refuses verifymy (no adapter yet)', () => {
    expect(loadConfig({ ...production, ...yoti }).AGE_VERIFICATION).toBe('yoti');
    expect(() => loadConfig({ ...yoti, YOTI_API_KEY: '' })).toThrow(/needs YOTI_SDK_ID, YOTI_API_KEY and PUBLIC_URL/);
    expect(() => loadConfig({ AGE_VERIFICATION: 'verifymy' })).toThrow(/verifymy has no adapter yet/);
  });
});
