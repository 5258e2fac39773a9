import type { Context } from 'koa';
import { refuseBannedTerms } from '../../platform/http/banned-terms';
import {
  AdminPerformerBody,
  fieldMessages,
  FORM_MESSAGES,
  PASSWORD_MIN,
  PerformerRegistrationBody,
  REGISTER_MESSAGES,
  REGISTRATION_FIELD_MESSAGES,
  USERNAME_MIN,
  auracoinToUnits,
  registrationProblem,
  streams,
  type PerformerView,
} from '@aura/contracts';
import { z } from 'zod';
import type { EventStore } from '../../platform/eventstore/port';
import { fileIdOfPrivateUrl } from '../../platform/files/links';
import { imageField, type RemoteImages } from '../../platform/files/remote-image';
import type { FileStorage } from '../../platform/files/storage';
import { badRequest, refused } from '../../platform/http/errors';
import type { Passwords } from '../../platform/http/password';
import { validationError } from '../../platform/http/problem';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import { commandMetadata } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { claimAll, releaseAll, type Claim } from '../../kernel/unique-values';
import { decideCreateByAdmin, decideRegisterPerformer, handlePerformer, type StoredDocument } from './performer';
import { mayAttachDocument } from './policy';
import { DomainError } from '../../platform/domain-error';
import type { IssueStatementFn } from '../../platform/statement-of-reasons';

/** A performer's sign-up (hers, or an admin's on her behalf), with the documents and names it claims. */

export interface PerformersDeps {
  /** words refused in bios (`BANNED_TERMS`) */
  config: { BANNED_TERMS: readonly string[] };
  /** argon2id hashing and the password sign-in */
  passwords: Passwords;
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<DoorLimit>;
  files: FileStorage;
  /** pictures given as URLs, fetched once into storage */
  remoteImages: RemoteImages;
  now: () => Date;
  /** sign-in record from the performers read model */
  findLogin: (identifier: string) => Promise<{ id: string; passwordHash: string | null } | null>;
  /** username and email of a performer (to free them on deletion) */
  credentialsOf: (performerId: string) => Promise<{ username: string | null; email: string | null } | null>;
  /** a performer's full view once the read model has applied `position` */
  performerViewAfter: (performerId: string, position: number | undefined) => Promise<PerformerView>;
  /** a rejection states its reasons (the moderation module's one path) */
  issueStatement: IssueStatementFn;
}

function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error, 'body');
}

/** The registration says which field it refuses, with that field's message (the wizard shows the server's message). */
const refuse = (field: string, message: string) => badRequest([{ path: `body.${field}`, message }], message);

/** The uploaded files the documents name, checked to exist (and, for a performer, to be hers or anonymous). */
export async function resolveDocuments(
  deps: PerformersDeps,
  documents: { documentType: StoredDocument['documentType']; documentUrl: string; fileName: string }[],
  owner: string | undefined,
) {
  const resolved: StoredDocument[] = [];
  for (const [index, document] of documents.entries()) {
    const fileId = fileIdOfPrivateUrl(document.documentUrl);
    const meta = fileId ? await deps.files.meta('private', fileId) : undefined;
    if (!meta)
      throw refused('document_missing', [
        { path: `body.documents.${index}.documentUrl`, message: fieldMessages.documentMissing },
      ]);
    mayAttachDocument(meta.owner, owner);
    resolved.push({
      documentId: newId(),
      documentType: document.documentType,
      fileId: meta.fileId,
      fileName: document.fileName,
      fileSize: meta.size,
      contentType: meta.contentType,
    });
  }
  return resolved;
}

/** Claims the sign-in names, appends, and frees the names again when the append is refused. */
async function createWithClaims(
  deps: PerformersDeps,
  claims: Claim[],
  metadata: Record<string, unknown>,
  create: () => Promise<number | undefined>,
) {
  await claimAll(deps.eventStore, claims, deps.now, metadata);
  try {
    return await create();
  } catch (error) {
    await releaseAll(deps.eventStore, claims, deps.now, metadata);
    throw error;
  }
}

/**
 * A registration, in either of two ways: with its documents in the same request (recorded in the
 * same append), or, as the spec's sequence does, without the `documents` field, followed by one
 * POST /api/performers/{id}/documents per document. Until one is attached the registration is
 * incomplete: it is not listed for verification and cannot be approved.
 */
export async function register(deps: PerformersDeps, ctx: Context, raw: unknown) {
  const body = parseBody(PerformerRegistrationBody, raw);
  // GDPR Art. 9: refused before anything else is checked, as for users
  if (body.sensitiveDataConsent !== true) throw new DomainError('consent_required');
  refuseBannedTerms(deps.config.BANNED_TERMS, { bio: body.bio });
  const documentsFollow = body.documents === undefined;
  const problem = registrationProblem(
    { ...body, documentCount: documentsFollow ? 1 : body.documents!.length },
    deps.now(),
  );
  if (problem) throw refuse(problem.field, problem.message);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(body.dateOfBirth!.slice(0, 10)) || Number.isNaN(Date.parse(body.dateOfBirth!)))
    throw refuse('dateOfBirth', REGISTRATION_FIELD_MESSAGES.dateOfBirth);
  const username = body.username!.trim();
  const email = body.email!.trim().toLowerCase();
  if (username.length < USERNAME_MIN) throw refuse('username', REGISTER_MESSAGES.username);
  if (!z.string().email().safeParse(email).success) throw refuse('email', FORM_MESSAGES.email);
  if (body.password!.length < PASSWORD_MIN) throw refuse('password', REGISTRATION_FIELD_MESSAGES.password);
  const documents = await resolveDocuments(deps, body.documents ?? [], undefined);
  const performerId = newId();
  const image = body.image
    ? await imageField(deps.remoteImages, body.image, performerId, 'body.image')
    : '/demo/performers/1.svg';
  const passwordHash = await deps.passwords.hash(body.password!);
  const claims: Claim[] = [
    { kind: 'performer-username', value: username, ownerId: performerId },
    { kind: 'performer-email', value: email, ownerId: performerId },
  ];
  const metadata = commandMetadata(ctx);
  const position = await createWithClaims(deps, claims, metadata, async () => {
    const command = {
      performerId,
      username,
      email,
      passwordHash,
      name: body.name!.trim(),
      dateOfBirth: body.dateOfBirth!.slice(0, 10),
      bio: body.bio,
      rateUnits: auracoinToUnits(body.creditsPerMinute),
      languages: body.languages,
      category: body.category,
      hairColor: body.hairColor,
      eyeColor: body.eyeColor,
      bodyType: body.bodyType,
      ethnicity: body.ethnicity,
      height: body.height,
      specialFeatures: body.specialFeatures,
      image,
      rating: null,
      signedContractAt: deps.now().toISOString(),
      digitalSignature: body.digitalSignature!,
      documents,
      sensitiveDataConsent: body.sensitiveDataConsent,
    };
    return (
      await handlePerformer(
        deps.eventStore,
        streams.performer(performerId),
        (state) => decideRegisterPerformer(command, state, deps.now()),
        { metadata },
      )
    ).position;
  });
  deps.sessions.start(ctx, { sub: performerId, kind: 'performer' });
  return deps.performerViewAfter(performerId, position);
}

export async function createByAdmin(deps: PerformersDeps, ctx: Context, raw: unknown, caller: Principal) {
  const body = parseBody(AdminPerformerBody, raw);
  refuseBannedTerms(deps.config.BANNED_TERMS, { bio: body.bio });
  const performerId = newId();
  const claims: Claim[] = [
    ...(body.username ? [{ kind: 'performer-username' as const, value: body.username, ownerId: performerId }] : []),
    ...(body.email ? [{ kind: 'performer-email' as const, value: body.email, ownerId: performerId }] : []),
  ];
  const passwordHash = body.password && body.username ? await deps.passwords.hash(body.password) : null;
  const image = await imageField(deps.remoteImages, body.image, performerId, 'body.image');
  const metadata = commandMetadata(ctx, caller);
  const position = await createWithClaims(deps, claims, metadata, async () => {
    const command = {
      performerId,
      adminId: caller.sub,
      username: body.username ?? null,
      email: body.email ?? null,
      passwordHash,
      name: body.name,
      age: body.age,
      image,
      rating: body.rating,
      rateUnits: auracoinToUnits(body.creditsPerMinute),
      languages: body.languages,
      category: body.category,
      bio: body.bio,
    };
    return (
      await handlePerformer(
        deps.eventStore,
        streams.performer(performerId),
        (state) => decideCreateByAdmin(command, state, deps.now(), body.isOnline),
        { metadata },
      )
    ).position;
  });
  return deps.performerViewAfter(performerId, position);
}
