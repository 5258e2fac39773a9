/**
 * Admins' second factor on the HTTP side (docs/architecture.md#admin-mfa): enrolment (a sealed
 * TOTP secret, its QR text and manual key, recovery codes shown once), confirmation, and the gate
 * every admin request passes (`admitsAdmin`): with `ADMIN_MFA_REQUIRED` nothing but enrolling until
 * she has enrolled; once enrolled, a route whose contract says `secondFactor: 'fresh'` (a money
 * action) needs a code in `X-MFA-Code` that was never used. Attempts are rate-limited per admin
 * (`mfaCode`) and lock her second factor after `ADMIN_LOCK_AFTER_FAILURES` wrong codes in a row.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { Secret, TOTP } from 'otpauth';
import { adminMfaStreams, MFA_CODE_HEADER, MfaCode, type MfaEnrollment, type MfaStatus } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { foldStream } from '../../kernel/handle-command';
import { type DoorLimit, type RateLimiter, tooManyRequests } from '../../platform/http/rate-limit';
import type { adminRateLimits } from './rate-limits';
import type { AdminGate, Principal } from '../../platform/http/session';
import type { ModulePorts } from '../../kernel/module';
import type { Actor } from './admin';
import {
  adminMfa,
  decideConfirm,
  decideEnroll,
  decideReset,
  decideSign,
  handleAdminMfa,
  isEnrolled,
  recoveryHash,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  type AdminMfaState,
} from './mfa';
import { processSeal, type SecretSeal } from './mfa-seal';
import { codeHeader, secondFactorAsked, signsWithCode } from './policy';

const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: 'Aura',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

export interface SecondFactorDeps {
  ports: ModulePorts;
  limits: RateLimiter<keyof typeof adminRateLimits | DoorLimit>;
  /** her username, for the label her app shows */
  usernameOf(adminId: string): Promise<string | null>;
}

/** What her second factor's events record of the act: the request, and the admin acting. */
const actedBy = (ctx: Context, adminId: string) => ({
  metadata: { correlationId: ctx.state.requestId, actorId: adminId, actorKind: 'admin' },
});

/** What the status route answers of her second factor. */
function statusOf(state: AdminMfaState, required: boolean): MfaStatus {
  return {
    enrolled: isEnrolled(state),
    pending: !isEnrolled(state) && state.enrollment !== null,
    required,
    confirmedAt: state.enabledAt,
    recoveryCodesLeft: isEnrolled(state)
      ? (state.enrollment?.recoveryCodeHashes.length ?? 0) - state.usedRecovery.length
      : 0,
  };
}

/** Her second factor's stream, and what a code she gives is: a TOTP step of hers, or one of her recovery codes. */
function codesOf(ports: ModulePorts) {
  const { eventStore, config } = ports;
  const { now } = ports.clock;
  let seal: Promise<SecretSeal> | undefined;
  const sealOf = () => (seal ??= processSeal(config));
  return {
    sealOf,
    stateOf: async (adminId: string): Promise<AdminMfaState> =>
      foldStream(adminMfa, await eventStore.readStream(adminMfaStreams.mfa(adminId))),

    /** the step of a TOTP code of hers valid now (±1 step), or null */
    async stepOf(state: AdminMfaState, adminId: string, code: string): Promise<number | null> {
      if (!state.enrollment || !/^\d{6}$/.test(code)) return null;
      const secret = (await sealOf()).open(state.enrollment.secret, adminId);
      const timestamp = now().getTime();
      const delta = totpOf(secret, adminId).validate({ token: code, timestamp, window: TOTP_WINDOW });
      return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
    },

    recoveryIndexOf(state: AdminMfaState, code: string) {
      if (!state.enrollment || /^\d{6}$/.test(code)) return null;
      const index = state.enrollment.recoveryCodeHashes.indexOf(recoveryHash(state.enrollment.recoverySalt, code));
      return index < 0 ? null : index;
    },
  };
}

type Codes = ReturnType<typeof codesOf>;

/** One attempt with a code: rate-limited, refused while locked; a refusal counts towards the lock, a success clears it. */
function attemptsOf({ ports, limits }: SecondFactorDeps) {
  const { kv, config } = ports;
  const lockMs = Math.round(config.ADMIN_LOCK_MINUTES * 60_000);
  return async function attempt<T>(ctx: Context, adminId: string, run: () => Promise<T>): Promise<T> {
    await limits.enforce(ctx, ['mfaCode', adminId]);
    const locked = await kv.expiresIn(`mfa-lock:${adminId}`);
    if (locked > 0) throw tooManyRequests(ctx, locked, 'mfa_locked');
    try {
      const result = await run();
      await kv.remove(`mfa-failures:${adminId}`);
      return result;
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'mfa_code_refused' || error.code === 'mfa_code_invalid')) {
        const failures = await kv.increment(`mfa-failures:${adminId}`, lockMs);
        if (failures >= config.ADMIN_LOCK_AFTER_FAILURES) await kv.put(`mfa-lock:${adminId}`, lockMs);
      }
      throw error;
    }
  };
}

type Attempt = ReturnType<typeof attemptsOf>;

/** The gate every admin request passes: what its route asks (./policy.ts), then a code signed on her stream. */
function gateOf(ports: ModulePorts, codes: Codes, attempt: Attempt): AdminGate {
  const required = ports.config.ADMIN_MFA_REQUIRED;
  return async (ctx, caller, route) => {
    const asked = secondFactorAsked(route.secondFactor, required);
    if (asked === 'nothing') return;
    const state = await codes.stateOf(caller.sub);
    if (!signsWithCode(asked, isEnrolled(state), required)) return;
    const parsed = MfaCode.safeParse(codeHeader(ctx.get(MFA_CODE_HEADER).trim()));
    const action = `${route.method.toUpperCase()} ${route.path}`;
    await attempt(ctx, caller.sub, async () => {
      const code = parsed.success ? parsed.data : '';
      const step = await codes.stepOf(state, caller.sub, code);
      await handleAdminMfa(
        ports.eventStore,
        adminMfaStreams.mfa(caller.sub),
        (current) =>
          decideSign(
            current,
            { adminId: caller.sub, action, step, recoveryIndex: codes.recoveryIndexOf(current, code) },
            ports.clock.now(),
          ),
        actedBy(ctx, caller.sub),
      );
    });
  };
}

export function adminSecondFactor(deps: SecondFactorDeps) {
  const { eventStore, config } = deps.ports;
  const { now } = deps.ports.clock;
  const codes = codesOf(deps.ports);
  const attempt = attemptsOf(deps);

  return {
    admit: gateOf(deps.ports, codes, attempt),
    async status(adminId: string) {
      return statusOf(await codes.stateOf(adminId), config.ADMIN_MFA_REQUIRED);
    },
    async enroll(ctx: Context, caller: Principal): Promise<MfaEnrollment> {
      const adminId = caller.sub;
      const secret = new Secret({ size: 20 }).base32;
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
      const recoverySalt = randomBytes(16).toString('base64url');
      const sealed = (await codes.sealOf()).seal(secret, adminId);
      const enrolment = {
        adminId,
        secret: sealed,
        recoveryCodeHashes: recoveryCodes.map((code) => recoveryHash(recoverySalt, code)),
        recoverySalt,
        startedAt: now().toISOString(),
      };
      await handleAdminMfa(
        eventStore,
        adminMfaStreams.mfa(adminId),
        (state) => decideEnroll(state, enrolment),
        actedBy(ctx, adminId),
      );
      const label = (await deps.usernameOf(adminId)) ?? adminId;
      return { secret, otpauthUrl: totpOf(secret, label).toString(), recoveryCodes };
    },
    async confirm(ctx: Context, caller: Principal, code: string): Promise<MfaStatus> {
      const adminId = caller.sub;
      const result = await attempt(ctx, adminId, async () => {
        const state = await codes.stateOf(adminId);
        const step = await codes.stepOf(state, adminId, code);
        return handleAdminMfa(
          eventStore,
          adminMfaStreams.mfa(adminId),
          (current) => decideConfirm(current, { adminId, step }, now()),
          actedBy(ctx, adminId),
        );
      });
      return statusOf(result.state, config.ADMIN_MFA_REQUIRED);
    },
    /** another admin's second factor, reset (docs/architecture.md#admin-mfa): she enrols again */
    async reset(ctx: Context, target: Actor, actor: Actor): Promise<MfaStatus> {
      const result = await handleAdminMfa(
        eventStore,
        adminMfaStreams.mfa(target.id),
        (state) => decideReset(state, { adminId: target.id, targetRole: target.role }, actor, now()),
        actedBy(ctx, actor.id),
      );
      return statusOf(result.state, config.ADMIN_MFA_REQUIRED);
    },
  };
}

export type AdminSecondFactor = ReturnType<typeof adminSecondFactor>;
