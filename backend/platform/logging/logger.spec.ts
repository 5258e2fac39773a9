import { Writable } from 'node:stream';
import { withLogContext } from './context';
import { createLogger } from './logger';

/** A logger whose JSON lines land in an array. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger('debug', { role: 'test' }, stream);
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

const SECRETS = {
  cookie: 'aura_session=sess-cookie-value',
  authorization: 'Bearer auth-token-value',
  password: 'password-value-1',
  iban: 'IT60X0542811101000000123456',
  turnSecret: 'turn-secret-value-123',
  webhookSecret: 'whsec_webhook-secret-value',
  TURN_SECRET: 'turn-secret-env-value',
  STRIPE_WEBHOOK_SECRET: 'whsec_env-webhook-secret',
};

describe('the logger', () => {
  it('writes one JSON line per entry with its level, message and fields', async () => {
    const { logger, entries } = capture();
    logger.child({ component: 'jobs' }).warn('job attempt failed', { attempt: 2 });
    logger.debug('no fields');
    await flush();
    expect(entries()).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'job attempt failed',
        role: 'test',
        component: 'jobs',
        attempt: 2,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
      expect.objectContaining({ level: 'debug', msg: 'no fields' }),
    ]);
  });

  it("redacts admins' second factor: the TOTP secret, its URL, recovery codes and the code header", async () => {
    const { logger, lines, entries } = capture();
    logger.info('mfa', {
      answer: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Aura:x?secret=JBSWY3DPEHPK3PXP',
        recoveryCodes: ['abcde-12345'],
      },
      headers: { 'x-mfa-code': '123456' },
      MFA_ENCRYPTION_KEY: 'k'.repeat(32),
    });
    await flush();
    expect(lines.join('\n')).not.toMatch(/JBSWY3DPEHPK3PXP|abcde-12345|123456|kkkkkkkk/);
    expect(entries()[0]).toMatchObject({
      answer: { secret: '[redacted]', otpauthUrl: '[redacted]', recoveryCodes: '[redacted]' },
      headers: { 'x-mfa-code': '[redacted]' },
      MFA_ENCRYPTION_KEY: '[redacted]',
    });
  });

  it('redacts cookies, authorization, passwords, IBANs, TURN and webhook secrets at any of the first three levels', async () => {
    const { logger, lines, entries } = capture();
    logger.info('top level', SECRETS);
    logger.info('request', {
      req: { headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization, 'set-cookie': SECRETS.cookie } },
    });
    logger.info('payout details', {
      details: { iban: SECRETS.iban, holder: 'Anna' },
      body: { password: SECRETS.password },
    });
    logger.info('config', {
      config: { TURN_SECRET: SECRETS.TURN_SECRET, STRIPE_WEBHOOK_SECRET: SECRETS.STRIPE_WEBHOOK_SECRET, PORT: 3000 },
    });
    await flush();
    const output = lines.join('\n');
    for (const value of Object.values(SECRETS)) expect(output).not.toContain(value);
    const [top, request, payout, config] = entries();
    expect(top).toMatchObject(Object.fromEntries(Object.keys(SECRETS).map((key) => [key, '[redacted]'])));
    expect(request).toMatchObject({
      req: { headers: { cookie: '[redacted]', authorization: '[redacted]', 'set-cookie': '[redacted]' } },
    });
    // what is not secret stays readable
    expect(payout).toMatchObject({ details: { iban: '[redacted]', holder: 'Anna' }, body: { password: '[redacted]' } });
    expect(config).toMatchObject({
      config: { TURN_SECRET: '[redacted]', STRIPE_WEBHOOK_SECRET: '[redacted]', PORT: 3000 },
    });
  });

  it('names the request being handled on every line written meanwhile, and serialises errors', async () => {
    const { logger, entries } = capture();
    await withLogContext({ requestId: 'req-42' }, async () => {
      await Promise.resolve();
      logger.error('command failed', { error: new Error('boom') });
    });
    logger.info('outside');
    await flush();
    const [inside, outside] = entries();
    expect(inside).toMatchObject({ requestId: 'req-42', error: { type: 'Error', message: 'boom' } });
    expect(outside).not.toHaveProperty('requestId');
  });
});
