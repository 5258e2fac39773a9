/**
 * An admin's second factor (docs/architecture.md#admin-mfa), folded from `admin-mfa-<adminId>`:
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps), the secret sealed, recovery codes hashed. The
 * deciders are pure: the code's step is found by the caller (the secret is opened outside), and
 * a step at or before the last one used is refused, so no code counts twice, even concurrently
 * (the append carries the stream's expected revision).
 */
import { createHash } from 'node:crypto';
import { type AdminRole, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';
import type { Actor } from './admin';

export const TOTP_PERIOD_SECONDS = 30;
/** codes of the step before and after now are accepted too (clock drift) */
export const TOTP_WINDOW = 1;

export interface AdminMfaState {
  enrollment: EventDataOf<'AdminMfaEnrollmentStarted'> | null;
  enabledAt: string | null;
  /** the newest step used (confirming or signing): only later steps count */
  lastStep: number;
  usedRecovery: number[];
}

export const adminMfa: Aggregate<AdminMfaState> = {
  initialState: () => ({ enrollment: null, enabledAt: null, lastStep: -1, usedRecovery: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AdminMfaEnrollmentStarted':
        return { ...state, enrollment: event.data, usedRecovery: [] };
      case 'AdminMfaEnabled':
        return { ...state, enabledAt: event.data.enabledAt, lastStep: Math.max(state.lastStep, event.data.step) };
      case 'AdminMfaCodeUsed':
        return { ...state, lastStep: Math.max(state.lastStep, event.data.step) };
      case 'AdminMfaRecoveryCodeUsed':
        return { ...state, usedRecovery: [...state.usedRecovery, event.data.index] };
      // the last step used stays: a code of the old secret never counts again
      case 'AdminMfaReset':
        return { ...state, enrollment: null, enabledAt: null, usedRecovery: [] };
      default:
        return state;
    }
  },
};
export const handleAdminMfa = commandHandler(adminMfa);

export const isEnrolled = (state: AdminMfaState) => state.enabledAt !== null;

/** A recovery code's stored form: SHA-256 of the salt and the code (50 random bits each: a fast hash does). */
export const recoveryHash = (salt: string, code: string) =>
  createHash('sha256')
    .update(`${salt}:${code.replace(/-/g, '').toLowerCase()}`)
    .digest('hex');

/** She starts (or restarts, while unconfirmed) enrolling. */
export function decideEnroll(
  state: AdminMfaState,
  enrollment: EventDataOf<'AdminMfaEnrollmentStarted'>,
): DomainEvent[] {
  if (isEnrolled(state)) throw new DomainError('mfa_already_enrolled');
  return [{ type: 'AdminMfaEnrollmentStarted', data: enrollment }];
}

/** A current code confirms the enrolment; `step` is the code's step, null when it matched none. */
export function decideConfirm(
  state: AdminMfaState,
  command: { adminId: string; step: number | null },
  now: Date,
): DomainEvent[] {
  if (isEnrolled(state)) throw new DomainError('mfa_already_enrolled');
  if (!state.enrollment) throw new DomainError('mfa_not_started');
  if (command.step === null || command.step <= state.lastStep) throw new DomainError('mfa_code_invalid');
  return [
    { type: 'AdminMfaEnabled', data: { adminId: command.adminId, step: command.step, enabledAt: now.toISOString() } },
  ];
}

/**
 * A money action signed: a TOTP code of a step after the last one used, or an unused recovery code
 * (`recoveryIndex`); anything else is refused, nothing recorded.
 */
export function decideSign(
  state: AdminMfaState,
  command: { adminId: string; action: string; step: number | null; recoveryIndex: number | null },
  now: Date,
): DomainEvent[] {
  if (!isEnrolled(state)) return [];
  const usedAt = now.toISOString();
  if (command.step !== null && command.step > state.lastStep)
    return [
      {
        type: 'AdminMfaCodeUsed',
        data: { adminId: command.adminId, step: command.step, usedAt, action: command.action },
      },
    ];
  if (command.recoveryIndex !== null && !state.usedRecovery.includes(command.recoveryIndex)) {
    return [
      {
        type: 'AdminMfaRecoveryCodeUsed',
        data: { adminId: command.adminId, index: command.recoveryIndex, usedAt, action: command.action },
      },
    ];
  }
  throw new DomainError('mfa_code_refused');
}

/**
 * Another admin resets her second factor (she lost her phone and her recovery codes): never one's
 * own, a superadmin's only by a superadmin, and only one that was started or enabled.
 */
export function decideReset(
  state: AdminMfaState,
  command: { adminId: string; targetRole: AdminRole },
  actor: Actor,
  now: Date,
): DomainEvent[] {
  if (command.adminId === actor.id) throw new DomainError('mfa_reset_own');
  if (command.targetRole === 'superadmin' && actor.role !== 'superadmin') throw new DomainError('superadmin_only');
  if (!state.enrollment && !isEnrolled(state)) throw new DomainError('mfa_not_active');
  return [
    { type: 'AdminMfaReset', data: { adminId: command.adminId, byAdminId: actor.id, resetAt: now.toISOString() } },
  ];
}
