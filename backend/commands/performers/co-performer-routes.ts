import type Router from '@koa/router';
import { apiRoutes, performerStreams, type CoPerformerView, type EventDataOf } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { DomainError } from '../../platform/domain-error';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import { newId } from '../../platform/ids';
import { foldStream } from '../../kernel/handle-command';
import {
  coPerformer,
  decideAddCoPerformer,
  decideAppearance,
  decideReviewCoPerformer,
  decideRevokeCoPerformer,
  handleCoPerformer,
  mayAppearWith,
  type Appearance,
} from './co-performer';
import { addsCoPerformers } from './policy';
import { resolveDocuments, type PerformersDeps } from './registration';

const stream = performerStreams.coPerformer;

/** Her co-performer as the routes answer it, from the stream's events (the read model may lag). */
async function viewOf(eventStore: EventStore, coPerformerId: string): Promise<CoPerformerView> {
  let view: CoPerformerView | null = null;
  for (const event of await eventStore.readStream(stream(coPerformerId))) {
    if (event.type === 'CoPerformerAdded') {
      const d = event.data as EventDataOf<'CoPerformerAdded'>;
      view = {
        id: d.coPerformerId,
        performerId: d.performerId,
        name: d.name,
        dateOfBirth: d.dateOfBirth,
        status: 'pending',
        documentId: d.document.documentId,
        consentSignedAt: d.consentSignedAt,
        addedAt: d.addedAt,
        reviewedAt: null,
        statement: null,
      };
    }
    if (event.type === 'CoPerformerRevoked' && view) view = { ...view, status: 'revoked' };
    if (event.type === 'CoPerformerReviewed' && view) {
      const d = event.data as EventDataOf<'CoPerformerReviewed'>;
      view = { ...view, status: d.decision, reviewedAt: d.reviewedAt, statement: d.statement };
    }
  }
  if (!view) throw new DomainError('not_found');
  return view;
}

/** She adds a person on camera with her (her only); an admin approves or rejects. */
export function mountCoPerformerRoutes(router: Router, deps: PerformersDeps) {
  mountRoute(router, deps.sessions, apiRoutes.addCoPerformer, async (ctx, { params, body }, caller) => {
    addsCoPerformers(caller, params.id);
    // her ID document, uploaded as the onboarding's: the file must be hers (or uploaded before sign-in)
    const [document] = await resolveDocuments(deps, [body.document], caller.sub);
    const coPerformerId = newId();
    const command = {
      coPerformerId,
      performerId: params.id,
      name: body.name,
      dateOfBirth: body.dateOfBirth,
      document: document!,
      signedConsent: body.signedConsent,
    };
    await handleCoPerformer(
      deps.eventStore,
      stream(coPerformerId),
      (state) => decideAddCoPerformer(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return viewOf(deps.eventStore, coPerformerId);
  });

  mountRoute(router, deps.sessions, apiRoutes.revokeCoPerformer, async (ctx, { params }, caller) => {
    addsCoPerformers(caller, params.id);
    await handleCoPerformer(
      deps.eventStore,
      stream(params.coPerformerId),
      (state) => decideRevokeCoPerformer({ performerId: params.id }, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return viewOf(deps.eventStore, params.coPerformerId);
  });

  mountRoute(router, deps.sessions, apiRoutes.decideCoPerformer, async (ctx, { params, body }, caller) => {
    const command = { decision: body.decision, adminId: caller.sub, statement: body.statement ?? null };
    await handleCoPerformer(
      deps.eventStore,
      stream(params.id),
      (state) => decideReviewCoPerformer(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return viewOf(deps.eventStore, params.id);
  });
}

/**
 * Who is on camera in her show or in her photo (what the shows and photos modules ask before and
 * after): every one approved and hers, else `co_performer_not_approved` (`check` answers their
 * names); then one appearance record each.
 */
export function onCamera(deps: { eventStore: EventStore; now: () => Date }) {
  return {
    async check(performerId: string, coPerformerIds: readonly string[]) {
      const named: { coPerformerId: string; name: string }[] = [];
      for (const id of coPerformerIds) {
        const state = foldStream(coPerformer, await deps.eventStore.readStream(stream(id)));
        mayAppearWith(state, performerId);
        if (state.status !== 'none') named.push({ coPerformerId: id, name: state.name });
      }
      return named;
    },
    async record(
      performerId: string,
      where: Appearance,
      coPerformerIds: readonly string[],
      metadata: Record<string, unknown>,
    ) {
      for (const id of coPerformerIds)
        await handleCoPerformer(
          deps.eventStore,
          stream(id),
          (state) => decideAppearance({ performerId, where }, state, deps.now()),
          { metadata },
        );
    },
  };
}

export type OnCamera = ReturnType<typeof onCamera>;
