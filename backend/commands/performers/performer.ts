import {
  ADULT_AGE,
  ageOn,
  isSpyPrice,
  sensitiveDataConsentRecord,
  unitsToAuracoin,
  type DocumentInput,
  type DomainEvent,
  type EventDataOf,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

export type PerformerStatus = 'pending' | 'approved' | 'rejected' | 'deleted';

export type Performer =
  | { status: 'none' }
  | {
      status: PerformerStatus;
      performerId: string;
      /** null for performers an admin created (age only) */
      dateOfBirth: string | null;
      age: number | null;
      isOnline: boolean;
      documents: number;
      geoblock: string[];
      blocked: string[];
      /** her name as verification checked it (absent in states folded before it was kept) */
      name?: string;
      schedule?: EventDataOf<'PerformerScheduleSet'>['slots'];
      /** her approved portrait (absent in states folded before it was kept) */
      image?: string;
      /** her new portrait waiting for an admin's review (issue 39 item 5) */
      portraitInReview?: { portraitId: string; image: string } | null;
      /** her private rate and spy price, minor units (absent in states folded before they were kept) */
      rateUnits?: number;
      spyPriceUnits?: number | null;
    };

type Existing = Exclude<Performer, { status: 'none' }>;

export const performer: Aggregate<Performer> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'PerformerRegistered':
        return {
          status: 'pending',
          performerId: event.data.performerId,
          dateOfBirth: event.data.dateOfBirth,
          age: null,
          isOnline: false,
          documents: 0,
          geoblock: [],
          blocked: [],
          name: event.data.name,
          image: event.data.image,
          rateUnits: event.data.rateUnits,
        };
      case 'PerformerCreatedByAdmin':
        return {
          status: 'approved',
          performerId: event.data.performerId,
          dateOfBirth: null,
          age: event.data.age,
          isOnline: false,
          documents: 0,
          geoblock: [],
          blocked: [],
          name: event.data.name,
          image: event.data.image,
          rateUnits: event.data.rateUnits,
        };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'PerformerVerified':
        return { ...state, status: 'approved' };
      case 'PerformerRejected':
        return { ...state, status: 'rejected', isOnline: false };
      case 'PerformerDeleted':
        return { ...state, status: 'deleted', isOnline: false };
      case 'PerformerProfileUpdated': {
        const { age, name, image, rateUnits, spyPriceUnits } = event.data.changes;
        return {
          ...state,
          ...(age === undefined ? {} : { age }),
          ...(name === undefined ? {} : { name }),
          ...(image === undefined ? {} : { image }),
          ...(rateUnits === undefined ? {} : { rateUnits }),
          ...(spyPriceUnits === undefined ? {} : { spyPriceUnits }),
        };
      }
      case 'PerformerPortraitSubmitted':
        return { ...state, portraitInReview: { portraitId: event.data.portraitId, image: event.data.image } };
      case 'PerformerPortraitReviewed': {
        const approved = event.data.decision === 'approve' ? { image: state.portraitInReview?.image } : {};
        return { ...state, ...approved, portraitInReview: null };
      }
      case 'PerformerWentOnline':
        return { ...state, isOnline: true };
      case 'PerformerWentOffline':
        return { ...state, isOnline: false };
      case 'PerformerDocumentAdded':
        return { ...state, documents: state.documents + 1 };
      case 'PerformerGeoblockSet':
        return { ...state, geoblock: event.data.countries };
      case 'PerformerScheduleSet':
        return { ...state, schedule: event.data.slots };
      case 'PerformerBlockedUser':
        return { ...state, blocked: [...state.blocked.filter((id) => id !== event.data.userId), event.data.userId] };
      case 'PerformerUnblockedUser':
        return { ...state, blocked: state.blocked.filter((id) => id !== event.data.userId) };
      default:
        return state;
    }
  },
};

/** Every command of a performer goes through this handler. */
export const handlePerformer = commandHandler(performer);

function existing(state: Performer): Existing {
  if (state.status === 'none' || state.status === 'deleted') throw new DomainError('not_found');
  return state;
}

export interface StoredDocument {
  documentId: string;
  documentType: DocumentInput['documentType'];
  fileId: string;
  fileName: string;
  fileSize: number;
  contentType: string;
}

export type RegisterPerformer = Omit<EventDataOf<'PerformerRegistered'>, 'registeredAt' | 'sensitiveDataConsent'> & {
  documents?: StoredDocument[];
  /** her explicit consent to data about sexual life (GDPR Art. 9): without it no registration */
  sensitiveDataConsent: boolean | undefined;
};

/** A registration: pending, with its identity documents recorded in the same append (all or nothing). */
export function decideRegisterPerformer(command: RegisterPerformer, state: Performer, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  const sensitiveDataConsent = sensitiveDataConsentRecord(command.sensitiveDataConsent, now);
  if (!sensitiveDataConsent) throw new DomainError('consent_required');
  if (ageOn(command.dateOfBirth, now) < ADULT_AGE) throw new DomainError('performer_underage');
  const { documents = [], ...data } = command;
  const at = now.toISOString();
  return [
    { type: 'PerformerRegistered', data: { ...data, sensitiveDataConsent, registeredAt: at } },
    ...documents.map((document): DomainEvent => ({
      type: 'PerformerDocumentAdded',
      data: { ...document, performerId: command.performerId, addedAt: at },
    })),
  ];
}

export type CreatePerformerByAdmin = Omit<EventDataOf<'PerformerCreatedByAdmin'>, 'createdAt'>;

export function decideCreateByAdmin(
  command: CreatePerformerByAdmin,
  state: Performer,
  now: Date,
  isOnline = false,
): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  const at = now.toISOString();
  const created: DomainEvent = { type: 'PerformerCreatedByAdmin', data: { ...command, createdAt: at } };
  return isOnline
    ? [created, { type: 'PerformerWentOnline', data: { performerId: command.performerId, by: 'admin', at } }]
    : [created];
}

export function decideVerifyPerformer(command: { adminId?: string }, state: Performer, now: Date): DomainEvent[] {
  const current = existing(state);
  if (current.status !== 'pending') throw new DomainError('performer_not_pending');
  if (current.dateOfBirth !== null && ageOn(current.dateOfBirth, now) < ADULT_AGE) {
    throw new DomainError('performer_minor');
  }
  // a registration whose documents are still to come (the spec's sequence) is incomplete
  if (current.documents === 0) throw new DomainError('registration_incomplete');
  return [
    {
      type: 'PerformerVerified',
      data: { performerId: current.performerId, adminId: command.adminId, verifiedAt: now.toISOString() },
    },
  ];
}

export function decideRejectPerformer(
  command: { adminId: string; reason: string },
  state: Performer,
  now: Date,
): DomainEvent[] {
  const current = existing(state);
  if (current.status !== 'pending') throw new DomainError('performer_not_pending');
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('rejection_reason_required');
  return [
    {
      type: 'PerformerRejected',
      data: { performerId: current.performerId, adminId: command.adminId, reason, rejectedAt: now.toISOString() },
    },
  ];
}

export type ProfileChanges = EventDataOf<'PerformerProfileUpdated'>['changes'];

/**
 * Her new portrait waits for an admin's review (issue 39 item 5): the image leaves her changes and
 * is submitted, unless it is the one she has or the one already in review. An admin's change is
 * shown at once.
 */
function portraitForReview(
  command: { changes: ProfileChanges; by: 'performer' | 'admin'; portraitId?: string },
  current: Existing,
  now: Date,
): { changes: ProfileChanges; submitted: DomainEvent[] } {
  const { image, ...rest } = command.changes;
  if (command.by === 'admin' || image === undefined || !command.portraitId)
    return { changes: command.changes, submitted: [] };
  if (image === current.image || image === current.portraitInReview?.image) return { changes: rest, submitted: [] };
  const data = {
    performerId: current.performerId,
    portraitId: command.portraitId,
    image,
    submittedAt: now.toISOString(),
  };
  return { changes: rest, submitted: [{ type: 'PerformerPortraitSubmitted', data }] };
}

export function decideUpdateProfile(
  command: { changes: ProfileChanges; by: 'performer' | 'admin'; byId: string; portraitId?: string },
  state: Performer,
  now: Date,
): DomainEvent[] {
  const current = existing(state);
  const defined = Object.fromEntries(
    Object.entries(command.changes).filter(([, value]) => value !== undefined),
  ) as ProfileChanges;
  const { changes, submitted } = portraitForReview({ ...command, changes: defined }, current, now);
  // what verification checked is hers to keep, not to change (docs/product.md#verified-fields)
  if (command.by === 'performer' && current.status === 'approved') {
    const renamed = changes.name !== undefined && current.name !== undefined && changes.name !== current.name;
    const aged = changes.age !== undefined && changes.age !== current.age;
    if (renamed || aged) throw new DomainError('identity_verified');
  }
  assertSpyPriceFits(changes, current);
  if (Object.keys(changes).length === 0) return submitted;
  return [
    {
      type: 'PerformerProfileUpdated',
      data: {
        performerId: current.performerId,
        changes,
        by: command.by,
        byId: command.byId,
        updatedAt: now.toISOString(),
      },
    },
    ...submitted,
  ];
}

/** An admin approves her portrait in review (it becomes her image) or rejects it (with a statement). */
export function decideReviewPortrait(
  command: { portraitId: string; decision: 'approve' | 'reject'; adminId: string; statementId: string | null },
  state: Performer,
  now: Date,
): DomainEvent[] {
  const current = existing(state);
  if (current.portraitInReview?.portraitId !== command.portraitId) throw new DomainError('not_found');
  return [
    {
      type: 'PerformerPortraitReviewed',
      data: { performerId: current.performerId, ...command, reviewedAt: now.toISOString() },
    },
  ];
}

/**
 * A spy minute costs at most half her private rate (docs/product.md#spy): checked when she sets
 * the spy price and again when she lowers her rate under twice it.
 */
function assertSpyPriceFits(changes: ProfileChanges, current: Existing) {
  const spyPriceUnits = changes.spyPriceUnits === undefined ? current.spyPriceUnits : changes.spyPriceUnits;
  const rateUnits = changes.rateUnits ?? current.rateUnits;
  if (!spyPriceUnits || rateUnits === undefined) return;
  if (!isSpyPrice(unitsToAuracoin(spyPriceUnits), unitsToAuracoin(rateUnits)))
    throw new DomainError('spy_price_too_high');
}

/** Online switch. Only an approved performer can go online; switching to the state she is in writes nothing. */
export function decideSetOnline(
  command: { isOnline: boolean; by: 'performer' | 'admin' | 'disconnected' },
  state: Performer,
  now: Date,
): DomainEvent[] {
  const current = existing(state);
  if (command.isOnline === current.isOnline) return [];
  const at = now.toISOString();
  if (!command.isOnline)
    return [{ type: 'PerformerWentOffline', data: { performerId: current.performerId, by: command.by, at } }];
  if (current.status !== 'approved') throw new DomainError('performer_not_approved');
  if (command.by === 'disconnected') return [];
  return [{ type: 'PerformerWentOnline', data: { performerId: current.performerId, by: command.by, at } }];
}

export function decideDeletePerformer(command: { adminId: string }, state: Performer, now: Date): DomainEvent[] {
  const current = existing(state);
  return [
    {
      type: 'PerformerDeleted',
      data: { performerId: current.performerId, adminId: command.adminId, deletedAt: now.toISOString() },
    },
  ];
}

export function decideAddDocument(command: StoredDocument, state: Performer, now: Date): DomainEvent[] {
  const current = existing(state);
  return [
    {
      type: 'PerformerDocumentAdded',
      data: { ...command, performerId: current.performerId, addedAt: now.toISOString() },
    },
  ];
}

export function decideSetGeoblock(command: { countries: string[] }, state: Performer, now: Date): DomainEvent[] {
  const current = existing(state);
  const countries = [...new Set(command.countries.map((country) => country.toUpperCase()))].sort();
  if (countries.join() === [...current.geoblock].sort().join()) return [];
  return [
    { type: 'PerformerGeoblockSet', data: { performerId: current.performerId, countries, at: now.toISOString() } },
  ];
}

/** She publishes her weekly schedule ('Quando sono online'), sorted by day and hour; the same one again writes nothing. */
export function decideSetSchedule(
  command: { slots: EventDataOf<'PerformerScheduleSet'>['slots'] },
  state: Performer,
  now: Date,
): DomainEvent[] {
  const current = existing(state);
  const slots = [...command.slots].sort((a, b) => a.day - b.day || a.from.localeCompare(b.from));
  if (JSON.stringify(slots) === JSON.stringify(current.schedule ?? [])) return [];
  return [
    { type: 'PerformerScheduleSet', data: { performerId: current.performerId, slots, setAt: now.toISOString() } },
  ];
}

export function decideBlockUser(
  command: { userId: string; block: boolean },
  state: Performer,
  now: Date,
): DomainEvent[] {
  const current = existing(state);
  const blocked = current.blocked.includes(command.userId);
  const data = { performerId: current.performerId, userId: command.userId, at: now.toISOString() };
  if (command.block) return blocked ? [] : [{ type: 'PerformerBlockedUser', data }];
  return blocked ? [{ type: 'PerformerUnblockedUser', data }] : [];
}
