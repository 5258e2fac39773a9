import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { adminMfa, decideConfirm, decideEnroll, decideReset, decideSign, recoveryHash } from './mfa';
import { secretSeal } from './mfa-seal';
import { codeHeader, secondFactorAsked, signsWithCode } from './policy';

const adminId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const now = new Date('2026-11-18T10:00:00.000Z');
const spec = deciderSpec(adminMfa);
const enrollment = {
  adminId,
  secret: { iv: 'iv', tag: 'tag', ciphertext: 'c' },
  recoveryCodeHashes: ['h0', 'h1'],
  recoverySalt: 'salt',
  startedAt: now.toISOString(),
};
const started: DomainEvent = { type: 'AdminMfaEnrollmentStarted', data: enrollment };
const enabled: DomainEvent = { type: 'AdminMfaEnabled', data: { adminId, step: 100, enabledAt: now.toISOString() } };

describe('admin second factor', () => {
  it('enrols, and confirms with a current code; enrolled, she cannot enrol again', () => {
    spec
      .given([])
      .when((s) => decideEnroll(s, enrollment))
      .then([started]);
    spec
      .given([started])
      .when((s) => decideConfirm(s, { adminId, step: 100 }, now))
      .then([enabled]);
    spec
      .given([started, enabled])
      .when((s) => decideEnroll(s, enrollment))
      .thenThrows('mfa_already_enrolled');
    spec
      .given([])
      .when((s) => decideConfirm(s, { adminId, step: 100 }, now))
      .thenThrows('mfa_not_started');
  });

  it('refuses a wrong code at confirmation', () => {
    spec
      .given([started])
      .when((s) => decideConfirm(s, { adminId, step: null }, now))
      .thenThrows('mfa_code_invalid');
  });

  it('a money action takes a code of a later step, once; never the same step twice, nor an older one', () => {
    spec
      .given([started, enabled])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: 101, recoveryIndex: null }, now))
      .then([{ type: 'AdminMfaCodeUsed', data: { adminId, step: 101, usedAt: now.toISOString(), action: 'POST /x' } }]);
    spec
      .given([started, enabled])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: 100, recoveryIndex: null }, now))
      .thenThrows('mfa_code_refused');
    const used: DomainEvent = {
      type: 'AdminMfaCodeUsed',
      data: { adminId, step: 101, usedAt: now.toISOString(), action: 'POST /x' },
    };
    spec
      .given([started, enabled, used])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: 101, recoveryIndex: null }, now))
      .thenThrows('mfa_code_refused');
    spec
      .given([started, enabled])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: null, recoveryIndex: null }, now))
      .thenThrows('mfa_code_refused');
  });

  it('another admin resets her second factor: she enrols again, and no code of the old secret counts', () => {
    const by = { id: '9d2f0a3b-1c4e-4b5a-8d7e-6f5a4b3c2d1e', role: 'admin' as const };
    const reset: DomainEvent = {
      type: 'AdminMfaReset',
      data: { adminId, byAdminId: by.id, resetAt: now.toISOString() },
    };
    spec
      .given([started, enabled])
      .when((s) => decideReset(s, { adminId, targetRole: 'admin' }, by, now))
      .then([reset]);
    spec
      .given([started])
      .when((s) => decideReset(s, { adminId, targetRole: 'admin' }, by, now))
      .then([reset]);
    spec
      .given([started, enabled, reset])
      .when((s) => decideEnroll(s, enrollment))
      .then([started]);
    spec
      .given([started, enabled, reset, started])
      .when((s) => decideConfirm(s, { adminId, step: 100 }, now))
      .thenThrows('mfa_code_invalid');
    spec
      .given([started, enabled, reset])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: 101, recoveryIndex: null }, now))
      .then([]);
  });

  it('never her own reset, a superadmin only by a superadmin, and nothing to reset when she never enrolled', () => {
    spec
      .given([started, enabled])
      .when((s) => decideReset(s, { adminId, targetRole: 'admin' }, { id: adminId, role: 'superadmin' }, now))
      .thenThrows('mfa_reset_own');
    spec
      .given([started, enabled])
      .when((s) =>
        decideReset(
          s,
          { adminId, targetRole: 'superadmin' },
          { id: '9d2f0a3b-1c4e-4b5a-8d7e-6f5a4b3c2d1e', role: 'admin' },
          now,
        ),
      )
      .thenThrows('superadmin_only');
    spec
      .given([started, enabled])
      .when((s) =>
        decideReset(
          s,
          { adminId, targetRole: 'superadmin' },
          { id: '9d2f0a3b-1c4e-4b5a-8d7e-6f5a4b3c2d1e', role: 'superadmin' },
          now,
        ),
      )
      .then([
        {
          type: 'AdminMfaReset',
          data: { adminId, byAdminId: '9d2f0a3b-1c4e-4b5a-8d7e-6f5a4b3c2d1e', resetAt: now.toISOString() },
        },
      ]);
    spec
      .given([])
      .when((s) =>
        decideReset(
          s,
          { adminId, targetRole: 'admin' },
          { id: '9d2f0a3b-1c4e-4b5a-8d7e-6f5a4b3c2d1e', role: 'admin' },
          now,
        ),
      )
      .thenThrows('mfa_not_active');
  });

  it('a recovery code signs once', () => {
    const recovered: DomainEvent = {
      type: 'AdminMfaRecoveryCodeUsed',
      data: { adminId, index: 1, usedAt: now.toISOString(), action: 'POST /x' },
    };
    spec
      .given([started, enabled])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: null, recoveryIndex: 1 }, now))
      .then([recovered]);
    spec
      .given([started, enabled, recovered])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: null, recoveryIndex: 1 }, now))
      .thenThrows('mfa_code_refused');
  });

  it('not enrolled: nothing to sign', () => {
    spec
      .given([started])
      .when((s) => decideSign(s, { adminId, action: 'POST /x', step: 5, recoveryIndex: null }, now))
      .then([]);
  });

  it('recovery codes are stored hashed, typed with or without the dash and in any case', () => {
    expect(recoveryHash('salt', 'ABCDE-12345')).toBe(recoveryHash('salt', 'abcde12345'));
    expect(recoveryHash('salt', 'abcde-12345')).not.toBe(recoveryHash('other', 'abcde-12345'));
    expect(recoveryHash('salt', 'abcde-12345')).not.toContain('abcde');
  });

  it('seals the secret with AES-GCM, bound to its admin; another key or admin cannot open it', () => {
    const seal = secretSeal('k'.repeat(32));
    const sealed = seal.seal('JBSWY3DPEHPK3PXP', adminId);
    expect(JSON.stringify(sealed)).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal.open(sealed, adminId)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => seal.open(sealed, '00000000-0000-4000-8000-000000000000')).toThrow();
    expect(() => secretSeal('x'.repeat(32)).open(sealed, adminId)).toThrow();
  });
});

describe('what an admin route asks of her second factor (admins policy)', () => {
  it('given its contract: none asks nothing, a fresh act a code, any other her enrolment where required', () => {
    for (const required of [true, false]) {
      expect(secondFactorAsked('none', required)).toBe('nothing');
      expect(secondFactorAsked('fresh', required)).toBe('fresh');
    }
    expect(secondFactorAsked(undefined, true)).toBe('enrolment');
    expect(secondFactorAsked(undefined, false)).toBe('nothing');
  });

  it('given she has not enrolled: refused where enrolment is required, else let through without a code', () => {
    for (const asked of ['enrolment', 'fresh'] as const) {
      expect(() => signsWithCode(asked, false, true)).toThrow(
        expect.objectContaining({ status: 403, code: 'mfa_enrollment_required' }),
      );
      expect(signsWithCode(asked, false, false)).toBe(false);
    }
  });

  it('given she has enrolled: only a fresh act is signed, with the code in its header', () => {
    expect(signsWithCode('fresh', true, false)).toBe(true);
    expect(signsWithCode('enrolment', true, true)).toBe(false);
    expect(codeHeader('123456')).toBe('123456');
    expect(() => codeHeader('')).toThrow(expect.objectContaining({ status: 403, code: 'mfa_required' }));
  });
});
