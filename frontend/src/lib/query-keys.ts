import type { ReadModelName } from '@aura/contracts';

/**
 * Every query key of the app, in one place. A key starts with the name of the read model it
 * reads, then the document's id, so `readmodel:changed { model, id }` finds it (see
 * `app/use-realtime-sync.ts`); lists of a read model carry the `LIST` marker second, so a change
 * to any one document refetches the lists that may show it.
 */
export type AppQueryKey = readonly [ReadModelName, ...unknown[]];

export const LIST = 'list';

export const queryKeys = {
  users: {
    all: ['users'],
    detail: (id: string) => ['users', id] as const,
    /** a wallet's movements, fetched again whenever the balance moves */
    ledger: (id: string, balance: number) => ['users', id, 'ledger', balance] as const,
    /** the admin console's list */
    list: ['users', LIST],
  },
  aliases: {
    ofUser: (userId: string) => ['aliases', userId] as const,
  },
  packages: {
    /** the packages on sale: the pricing section and the admin tab read the same list */
    list: ['packages', LIST],
  },
  offers: {
    all: ['offers'],
    current: ['offers', 'current'],
    list: ['offers', LIST],
  },
  purchases: {
    detail: (id: string) => ['purchases', id] as const,
  },
  refunds: {
    list: ['refunds', LIST],
    /** the admins' search of refundable sales (a refund moves what is left of a sale) */
    sales: (query: object) => ['refunds', LIST, 'sales', query] as const,
  },
  disputes: {
    list: ['disputes', LIST],
  },
  statistics: {
    all: ['statistics'],
  },
  admins: {
    /** the signed-in admin (GET /api/admin/me) */
    session: ['admins', 'session'],
    list: ['admins', LIST],
    /** every admin action, newest first (GET /api/admin/audit-trail) */
    auditTrail: ['admins', 'audit-trail'],
    /** her second factor (GET /api/admin/mfa) */
    mfa: ['admins', 'mfa'],
  },
  performers: {
    all: ['performers'],
    detail: (id: string) => ['performers', id] as const,
    /** documents with short-lived links (admin) */
    documents: (id: string) => ['performers', id, 'documents'] as const,
    /** the people on camera with her and their review (issue 39 item 7) */
    coPerformers: (id: string) => ['performers', id, 'co-performers'] as const,
    /** the admins' co-performers of every performer in one review state (GET /api/admin/co-performers) */
    coPerformersByStatus: (status: 'pending' | 'approved' | 'rejected' | 'revoked') =>
      ['performers', LIST, 'co-performers', status] as const,
    /** who appeared in which show or photo (GET /api/admin/appearance-records) */
    appearanceRecords: ['performers', LIST, 'appearance-records'],
    /** the admin console's list */
    list: ['performers', LIST],
  },
  performersPending: {
    list: ['performers-pending', LIST],
  },
  earnings: {
    all: ['earnings'],
    ofPerformer: (performerId: string) => ['earnings', performerId] as const,
  },
  gallery: {
    all: ['gallery'],
    list: (params: object) => ['gallery', LIST, params] as const,
  },
  photos: {
    ofPerformer: (performerId: string) => ['photos', performerId] as const,
    /** new photos and portraits waiting for an admin's review (the admin console's 'Revisione') */
    inReview: ['photos', LIST, 'in-review'],
  },
  favourites: {
    ofUser: (userId: string) => ['favourites', userId] as const,
  },
  presence: {
    summary: ['presence'],
  },
  payouts: {
    /** her balance, next payout, statements, history and details: one performer's money */
    ofPerformer: (performerId: string) => ['payouts', performerId] as const,
    summary: (performerId: string) => ['payouts', performerId, 'summary'] as const,
    history: (performerId: string) => ['payouts', performerId, 'history'] as const,
    statements: (performerId: string) => ['payouts', performerId, 'statements'] as const,
    statement: (performerId: string, weekStart: string) => ['payouts', performerId, 'statements', weekStart] as const,
    details: (performerId: string) => ['payouts', performerId, 'details'] as const,
  },
  payoutRuns: {
    all: ['payout-runs'],
    list: ['payout-runs', LIST],
    detail: (runId: string) => ['payout-runs', runId] as const,
  },
  conversations: {
    all: ['conversations'],
    /** a user's (every identity of theirs) or a performer's conversations */
    ofParty: (partyId: string) => ['conversations', LIST, partyId] as const,
    /** a party's unread counts */
    unread: (partyId: string) => ['conversations', 'unread', partyId] as const,
  },
  sessions: {
    all: ['sessions'],
    /** the signed-in party's requested and active sessions (GET /api/sessions) */
    open: (partyId: string) => ['sessions', LIST, partyId] as const,
    detail: (id: string) => ['sessions', id] as const,
    /** ICE servers with short-lived TURN credentials: fetched afresh for every peer connection */
    ice: (id: string) => ['sessions', id, 'ice'] as const,
    /** its lines and tips (GET /api/sessions/{id}/messages), live through 'session:message' and 'session:tip' */
    talk: (id: string) => ['sessions', id, 'talk'] as const,
  },
  shows: {
    all: ['shows'],
    /** the shows on now (GET /api/shows): the gallery's 'In onda' and the /show page */
    live: ['shows', LIST],
    detail: (showId: string) => ['shows', showId] as const,
    messages: (showId: string) => ['shows', showId, 'messages'] as const,
    tips: (showId: string) => ['shows', showId, 'tips'] as const,
    leaderboard: (showId: string) => ['shows', showId, 'leaderboard'] as const,
    ofPerformer: (performerId: string) => ['shows', 'performer', performerId] as const,
    menu: (performerId: string) => ['shows', 'menu', performerId] as const,
    /** a show's ticketed part (GET /api/shows/{id}/ticket-show; null: none announced) */
    ticketShow: (showId: string) => ['shows', showId, 'ticket-show'] as const,
    /** the admins' live monitoring (GET /api/admin/live): a list of shows, read again with them */
    monitoring: ['shows', LIST, 'monitoring'],
  },
  moderation: {
    /** the reports of a status, oldest first (GET /api/admin/reports) */
    reports: (status: 'open' | 'decided') => ['moderation', LIST, 'reports', status] as const,
    /** the appeals of a status, oldest first (GET /api/admin/appeals) */
    appeals: (status: 'open' | 'decided') => ['moderation', LIST, 'appeals', status] as const,
  },
  messages: {
    all: ['messages'],
    ofConversation: (conversationId: string) => ['messages', conversationId] as const,
  },
} as const satisfies Record<string, Record<string, AppQueryKey | ((...args: never[]) => AppQueryKey)>>;

/** The keys a `readmodel:changed` push makes stale: the whole model, or one document and the model's lists. */
export function keysToRefetch(model: ReadModelName, id?: string): AppQueryKey[] {
  return id === undefined
    ? [[model]]
    : [
        [model, id],
        [model, LIST],
      ];
}
