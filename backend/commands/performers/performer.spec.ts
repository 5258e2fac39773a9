import { SENSITIVE_DATA_POLICY_VERSION, type DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  decideAddDocument,
  decideBlockUser,
  decideCreateByAdmin,
  decideDeletePerformer,
  decideRegisterPerformer,
  decideRejectPerformer,
  decideSetGeoblock,
  decideSetOnline,
  decideUpdateProfile,
  decideVerifyPerformer,
  performer,
} from './performer';

const now = new Date('2026-11-20T10:00:00.000Z');
const at = now.toISOString();
const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const adminId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const documentId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const fileId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const registration = {
  performerId,
  username: 'anna',
  email: 'anna@example.com',
  passwordHash: 'h',
  name: 'Anna',
  dateOfBirth: '2000-05-01',
  bio: null,
  rateUnits: 1000,
  languages: ['Italiano'],
  category: 'Standard' as const,
  hairColor: null,
  eyeColor: null,
  bodyType: null,
  ethnicity: null,
  height: null,
  specialFeatures: [],
  image: '/x.png',
  rating: null,
  signedContractAt: at,
  digitalSignature: 'data:image/png;base64,AAAA',
  sensitiveDataConsent: true,
};
const consent = { policyVersion: SENSITIVE_DATA_POLICY_VERSION, givenAt: at };
const document = {
  documentId,
  documentType: 'ID Fronte' as const,
  fileId,
  fileName: 'id.png',
  fileSize: 10,
  contentType: 'image/png',
};
const registered: DomainEvent = {
  type: 'PerformerRegistered',
  data: { ...registration, sensitiveDataConsent: consent, registeredAt: at },
};
const documentAdded: DomainEvent = { type: 'PerformerDocumentAdded', data: { ...document, performerId, addedAt: at } };
const verified: DomainEvent = { type: 'PerformerVerified', data: { performerId, adminId, verifiedAt: at } };
const online: DomainEvent = { type: 'PerformerWentOnline', data: { performerId, by: 'performer', at } };

describe('performer decider', () => {
  const spec = deciderSpec(performer);

  it('registers a pending performer with her documents in one append', () => {
    spec
      .given([])
      .when((s) => decideRegisterPerformer({ ...registration, documents: [document] }, s, now))
      .then([registered, documentAdded]);
  });
  it('refuses a registration under 18 (birthday not yet reached)', () => {
    spec
      .given([])
      .when((s) => decideRegisterPerformer({ ...registration, dateOfBirth: '2008-11-21' }, s, now))
      .thenThrows('performer_underage');
  });
  it('refuses a registration without her consent to sensitive data (GDPR Art. 9)', () => {
    spec
      .given([])
      .when((s) => decideRegisterPerformer({ ...registration, sensitiveDataConsent: undefined }, s, now))
      .thenThrows('consent_required');
  });
  it('refuses registering twice', () => {
    spec
      .given([registered])
      .when((s) => decideRegisterPerformer(registration, s, now))
      .thenThrows('conflict');
  });
  it('approves a pending adult with the admin id', () => {
    spec
      .given([registered, documentAdded])
      .when((s) => decideVerifyPerformer({ adminId }, s, now))
      .then([verified]);
  });
  it('refuses to approve a registration whose documents are still to come', () => {
    spec
      .given([registered])
      .when((s) => decideVerifyPerformer({ adminId }, s, now))
      .thenThrows('registration_incomplete');
  });
  it('refuses to approve a minor', () => {
    const minor: DomainEvent = {
      type: 'PerformerRegistered',
      data: { ...registration, sensitiveDataConsent: consent, dateOfBirth: '2009-01-01', registeredAt: at },
    };
    spec
      .given([minor])
      .when((s) => decideVerifyPerformer({ adminId }, s, now))
      .thenThrows('performer_minor');
  });
  it('rejects with a trimmed reason and refuses an empty one', () => {
    spec
      .given([registered])
      .when((s) => decideRejectPerformer({ adminId, reason: '  Documento illeggibile ' }, s, now))
      .then([
        { type: 'PerformerRejected', data: { performerId, adminId, reason: 'Documento illeggibile', rejectedAt: at } },
      ]);
    spec
      .given([registered])
      .when((s) => decideRejectPerformer({ adminId, reason: '   ' }, s, now))
      .thenThrows('rejection_reason_required');
  });
  it('refuses verifying one already decided or unknown', () => {
    spec
      .given([registered, verified])
      .when((s) => decideVerifyPerformer({ adminId }, s, now))
      .thenThrows('performer_not_pending');
    spec
      .given([])
      .when((s) => decideVerifyPerformer({ adminId }, s, now))
      .thenThrows('not_found');
  });
  it('lets only an approved performer go online', () => {
    spec
      .given([registered])
      .when((s) => decideSetOnline({ isOnline: true, by: 'performer' }, s, now))
      .thenThrows('performer_not_approved');
    spec
      .given([registered, verified])
      .when((s) => decideSetOnline({ isOnline: true, by: 'performer' }, s, now))
      .then([online]);
  });
  it('switching to the current state writes nothing; going offline records who did it', () => {
    spec
      .given([registered, verified, online])
      .when((s) => decideSetOnline({ isOnline: true, by: 'admin' }, s, now))
      .then([]);
    spec
      .given([registered, verified])
      .when((s) => decideSetOnline({ isOnline: false, by: 'admin' }, s, now))
      .then([]);
    spec
      .given([registered, verified, online])
      .when((s) => decideSetOnline({ isOnline: false, by: 'disconnected' }, s, now))
      .then([{ type: 'PerformerWentOffline', data: { performerId, by: 'disconnected', at } }]);
  });
  it('creates an approved performer from the admin form, online when asked', () => {
    const command = {
      performerId,
      adminId,
      username: null,
      email: null,
      passwordHash: null,
      name: 'Eva',
      age: 30,
      image: 'https://x/y.png',
      rating: 4.5,
      rateUnits: 250,
      languages: ['English'],
      category: null,
      bio: null,
    };
    spec
      .given([])
      .when((s) => decideCreateByAdmin(command, s, now, true))
      .then([
        { type: 'PerformerCreatedByAdmin', data: { ...command, createdAt: at } },
        { type: 'PerformerWentOnline', data: { performerId, by: 'admin', at } },
      ]);
  });
  it('updates only the fields given', () => {
    spec
      .given([registered])
      .when((s) =>
        decideUpdateProfile({ changes: { bio: 'Ciao', name: undefined }, by: 'performer', byId: performerId }, s, now),
      )
      .then([
        {
          type: 'PerformerProfileUpdated',
          data: { performerId, changes: { bio: 'Ciao' }, by: 'performer', byId: performerId, updatedAt: at },
        },
      ]);
    spec
      .given([registered])
      .when((s) => decideUpdateProfile({ changes: {}, by: 'performer', byId: performerId }, s, now))
      .then([]);
  });
  it('a deleted performer is gone for every command', () => {
    const deleted: DomainEvent = { type: 'PerformerDeleted', data: { performerId, adminId, deletedAt: at } };
    spec
      .given([registered])
      .when((s) => decideDeletePerformer({ adminId }, s, now))
      .then([deleted]);
    spec
      .given([registered, deleted])
      .when((s) => decideUpdateProfile({ changes: { bio: 'x' }, by: 'admin', byId: adminId }, s, now))
      .thenThrows('not_found');
    spec
      .given([registered, deleted])
      .when((s) => decideAddDocument(document, s, now))
      .thenThrows('not_found');
  });
  it('geoblock normalises and ignores no-op changes', () => {
    spec
      .given([registered])
      .when((s) => decideSetGeoblock({ countries: ['it', 'DE', 'IT'] }, s, now))
      .then([{ type: 'PerformerGeoblockSet', data: { performerId, countries: ['DE', 'IT'], at } }]);
    const set: DomainEvent = { type: 'PerformerGeoblockSet', data: { performerId, countries: ['DE', 'IT'], at } };
    spec
      .given([registered, set])
      .when((s) => decideSetGeoblock({ countries: ['IT', 'DE'] }, s, now))
      .then([]);
  });
  it('blocks and unblocks a user once', () => {
    const blocked: DomainEvent = { type: 'PerformerBlockedUser', data: { performerId, userId, at } };
    spec
      .given([registered])
      .when((s) => decideBlockUser({ userId, block: true }, s, now))
      .then([blocked]);
    spec
      .given([registered, blocked])
      .when((s) => decideBlockUser({ userId, block: true }, s, now))
      .then([]);
    spec
      .given([registered, blocked])
      .when((s) => decideBlockUser({ userId, block: false }, s, now))
      .then([{ type: 'PerformerUnblockedUser', data: { performerId, userId, at } }]);
  });
});
