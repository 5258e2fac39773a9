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
  it('defaults to the embedded SFU and 50 viewers a room, 200 on Janus', () => {
    expect(loadConfig({})).toMatchObject({ SFU: 'embedded', SHOW_MAX_VIEWERS: 50 });
    expect(loadConfig({ SFU: 'janus', JANUS_URL: 'ws://janus:8188' })).toMatchObject({ SHOW_MAX_VIEWERS: 200 });
    expect(loadConfig({ SFU: 'janus', JANUS_URL: 'ws://janus:8188', SHOW_MAX_VIEWERS: '80' }).SHOW_MAX_VIEWERS).toBe(
      80,
    );
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

  it("takes an encoder's 15 s of silence as her leaving, shortened for tests, never under half a second", () => {
    expect(loadConfig({}).SFU_PUBLISHER_SILENCE_MS).toBe(15_000);
    expect(loadConfig({ SFU_PUBLISHER_SILENCE_MS: '3000' }).SFU_PUBLISHER_SILENCE_MS).toBe(3_000);
    expect(() => loadConfig({ SFU_PUBLISHER_SILENCE_MS: '100' })).toThrow(ConfigError);
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

/** production with the address browsers open (required: issue 38 item 7) */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://aura.example',
  AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: 'true',
};

describe("configuration of admins' second factor", () => {
  it('is mandatory by default in production only, which also needs the key sealing the secrets', () => {
    expect(loadConfig({}).ADMIN_MFA_REQUIRED).toBe(false);
    expect(loadConfig({ ...production, MFA_ENCRYPTION_KEY: 'k'.repeat(32) }).ADMIN_MFA_REQUIRED).toBe(true);
    expect(
      loadConfig({ ...production, MFA_ENCRYPTION_KEY: 'k'.repeat(32), ADMIN_MFA_REQUIRED: 'false' }).ADMIN_MFA_REQUIRED,
    ).toBe(false);
    expect(loadConfig({ ADMIN_MFA_REQUIRED: 'true' }).ADMIN_MFA_REQUIRED).toBe(true);
    expect(() => loadConfig(production)).toThrow(/production needs MFA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ MFA_ENCRYPTION_KEY: 'short' })).toThrow(/at least 32 characters/);
  });
});

// issue 38 item 9
describe('configuration of card payments: Verotel FlexPay and the purchase limits', () => {
  const verotel = {
    PAYMENT_PROVIDER: 'verotel',
    VEROTEL_SHOP_ID: '68849',
    VEROTEL_SIGNATURE_KEY: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
    PUBLIC_URL: 'https://aura.example',
  };

  it('takes Verotel with its shop id, signature key and public address; the brand defaults to Verotel', () => {
    expect(loadConfig(verotel)).toMatchObject({ PAYMENT_PROVIDER: 'verotel', VEROTEL_BRAND: 'Verotel' });
    expect(loadConfig({ ...verotel, VEROTEL_BRAND: 'CardBilling' }).VEROTEL_BRAND).toBe('CardBilling');
  });

  it('refuses to start on Verotel without its keys, with a shop id that is no number, or an unknown brand', () => {
    for (const missing of ['VEROTEL_SHOP_ID', 'VEROTEL_SIGNATURE_KEY', 'PUBLIC_URL'] as const)
      expect(() => loadConfig({ ...verotel, [missing]: '' })).toThrow(
        'PAYMENT_PROVIDER=verotel needs VEROTEL_SHOP_ID, VEROTEL_SIGNATURE_KEY and PUBLIC_URL',
      );
    expect(() => loadConfig({ ...verotel, VEROTEL_SHOP_ID: 'shop' })).toThrow(/VEROTEL_SHOP_ID is the numeric id/);
    expect(() => loadConfig({ ...verotel, VEROTEL_BRAND: 'Visa' })).toThrow(/VEROTEL_BRAND/);
  });

  it('limits purchases to 10 an hour and 5000 euros a day by default; reads counts, euros, windows and off', () => {
    expect(loadConfig({}).PURCHASE_LIMITS).toEqual([
      { kind: 'count', max: 10, windowMs: 3_600_000, text: '10/1h' },
      { kind: 'amount', maxCents: 500_000, windowMs: 86_400_000, text: '5000EUR/24h' },
    ]);
    expect(loadConfig({ PURCHASE_LIMITS: ' 3/30m , 100EUR/7d,1/10s' }).PURCHASE_LIMITS).toEqual([
      { kind: 'count', max: 3, windowMs: 1_800_000, text: '3/30m' },
      { kind: 'amount', maxCents: 10_000, windowMs: 604_800_000, text: '100EUR/7d' },
      { kind: 'count', max: 1, windowMs: 10_000, text: '1/10s' },
    ]);
    expect(loadConfig({ PURCHASE_LIMITS: 'off' }).PURCHASE_LIMITS).toEqual([]);
  });

  it('refuses to start on a PURCHASE_LIMITS it cannot read, naming the entry', () => {
    for (const bad of ['10', '10/1w', '10EURO/1h', '0/1h', '5/0h', '10/1h,', 'ten/1h', '€10/1h'])
      expect(() => loadConfig({ PURCHASE_LIMITS: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ PURCHASE_LIMITS: '10/1h,50EUR' })).toThrow(
      'PURCHASE_LIMITS: "50EUR" is neither count/window nor amountEUR/window (e.g. 10/1h,5000EUR/24h), or off',
    );
  });
});

describe('PUBLIC_URL, where links in mail point (issue 38 item 7)', () => {
  it('is required in production: the start refuses without it, saying why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'k'.repeat(32) })).toThrow(
      'PUBLIC_URL: production needs PUBLIC_URL, the address browsers open (e.g. https://aura.example): ' +
        "the links in mail point there, never at a request's Host header",
    );
    expect(loadConfig({ ...production, MFA_ENCRYPTION_KEY: 'k'.repeat(32) }).publicUrl).toBe('https://aura.example');
  });

  it('defaults to http://localhost:PORT outside production, and drops a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://aura.example/' }).publicUrl).toBe('https://aura.example');
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
  });
});

describe('configuration of age verification (issue 39 item 1)', () => {
  const production = { NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'k'.repeat(32), PUBLIC_URL: 'https://aura.example' };
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

  it('takes yoti with its keys and PUBLIC_URL only', () => {
    expect(loadConfig({ ...production, ...yoti }).AGE_VERIFICATION).toBe('yoti');
    expect(() => loadConfig({ ...yoti, YOTI_API_KEY: '' })).toThrow(/needs YOTI_SDK_ID, YOTI_API_KEY and PUBLIC_URL/);
  });

  it('takes verifymy with its client id, secret and PUBLIC_URL only, at its production origin by default', () => {
    const verifymy = {
      AGE_VERIFICATION: 'verifymy',
      VERIFYMY_CLIENT_ID: 'client',
      VERIFYMY_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://aura.example',
    };
    const config = loadConfig({ ...production, ...verifymy });
    expect([config.AGE_VERIFICATION, config.VERIFYMY_API_URL]).toEqual(['verifymy', 'https://oauth.verifymyage.com']);
    for (const missing of ['VERIFYMY_CLIENT_ID', 'VERIFYMY_CLIENT_SECRET'])
      expect(() => loadConfig({ ...verifymy, [missing]: '' })).toThrow(
        /needs VERIFYMY_CLIENT_ID, VERIFYMY_CLIENT_SECRET and PUBLIC_URL/,
      );
    expect(() => loadConfig({ AGE_VERIFICATION: 'verifymy' })).toThrow(/needs VERIFYMY_CLIENT_ID/);
  });
});
