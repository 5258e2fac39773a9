import type { RoutePath } from './route-path';

/**
 * Every API route's method, path and sign-in level, in no schema: each zod route contract (./accounts
 * and the other areas' files, gathered in `apiRoutes`, ./routes) spreads its entry here, so the
 * method and path are spelled once, and the frontend's typed client reads this map without loading
 * zod. Grouped by the file whose contracts spread them.
 */
export const apiPaths = {
  // common.ts
  health: { method: 'get', path: '/api/health', auth: 'public' },
  openApi: { method: 'get', path: '/api/openapi.json', auth: 'public' },
  // accounts.ts
  requestPasswordReset: { method: 'post', path: '/api/password-reset', auth: 'public' },
  confirmPasswordReset: { method: 'post', path: '/api/password-reset/confirm', auth: 'public' },
  changePassword: { method: 'post', path: '/api/me/password', auth: 'user' },
  requestEmailChange: { method: 'post', path: '/api/me/email', auth: 'user' },
  confirmEmailChange: { method: 'post', path: '/api/me/email/confirm', auth: 'public' },
  deleteMe: { method: 'post', path: '/api/me/delete', auth: 'user' },
  checkDeleteMe: { method: 'post', path: '/api/me/delete/check', auth: 'user' },
  exportMe: { method: 'get', path: '/api/me/export', auth: 'user' },
  devOutbox: { method: 'get', path: '/api/dev/outbox', auth: 'public' },
  register: { method: 'post', path: '/api/register', auth: 'public' },
  login: { method: 'post', path: '/api/login', auth: 'public' },
  logout: { method: 'post', path: '/api/logout', auth: 'public' },
  me: { method: 'get', path: '/api/me', auth: 'user' },
  getUser: { method: 'get', path: '/api/users/{id}', auth: 'user' },
  // packages.ts
  listPackages: { method: 'get', path: '/api/packages', auth: 'public' },
  createPackage: { method: 'post', path: '/api/packages', auth: 'admin' },
  updatePackage: { method: 'patch', path: '/api/packages/{id}', auth: 'admin' },
  deletePackage: { method: 'delete', path: '/api/packages/{id}', auth: 'admin' },
  // admins.ts
  adminVerify: { method: 'post', path: '/api/admin/verify', auth: 'public' },
  adminMe: { method: 'get', path: '/api/admin/me', auth: 'admin' },
  listAdmins: { method: 'get', path: '/api/admins', auth: 'admin' },
  createAdmin: { method: 'post', path: '/api/admins', auth: 'admin' },
  updateAdmin: { method: 'patch', path: '/api/admins/{id}', auth: 'admin' },
  deleteAdmin: { method: 'delete', path: '/api/admins/{id}', auth: 'admin' },
  adminAuditTrail: { method: 'get', path: '/api/admin/audit-trail', auth: 'admin' },
  // statistics.ts
  getStatistics: { method: 'get', path: '/api/statistics', auth: 'admin' },
  // users-admin.ts
  userLedger: { method: 'get', path: '/api/users/{id}/ledger', auth: 'user' },
  listUsers: { method: 'get', path: '/api/users', auth: 'admin' },
  updateUser: { method: 'patch', path: '/api/users/{id}', auth: 'admin' },
  deleteUser: { method: 'delete', path: '/api/users/{id}', auth: 'admin' },
  // aliases.ts
  listAliases: { method: 'get', path: '/api/users/{userId}/aliases', auth: 'user' },
  createAlias: { method: 'post', path: '/api/users/{userId}/aliases', auth: 'user' },
  deleteAlias: { method: 'delete', path: '/api/aliases/{id}', auth: 'user' },
  // purchases.ts
  createPurchase: { method: 'post', path: '/api/purchases', auth: 'user' },
  paymentWebhook: { method: 'post', path: '/api/payments/webhook', auth: 'public' },
  sandboxCheckout: { method: 'get', path: '/api/payments/sandbox/{checkoutId}', auth: 'public' },
  sandboxConfirm: { method: 'post', path: '/api/payments/sandbox/{checkoutId}/confirm', auth: 'public' },
  sandboxDecline: { method: 'post', path: '/api/payments/sandbox/{checkoutId}/decline', auth: 'public' },
  getPurchase: { method: 'get', path: '/api/purchases/{id}', auth: 'user' },
  // issue 38 item 9
  verotelPostback: { method: 'get', path: '/api/payments/verotel/postback', auth: 'public' },
  // offers.ts
  currentOffer: { method: 'get', path: '/api/offers/current', auth: 'public' },
  listOffers: { method: 'get', path: '/api/offers', auth: 'admin' },
  createOffer: { method: 'post', path: '/api/offers', auth: 'admin' },
  endOffer: { method: 'post', path: '/api/offers/{id}/end', auth: 'admin' },
  // performers.ts
  performerLogin: { method: 'post', path: '/api/performer/login', auth: 'public' },
  performerMe: { method: 'get', path: '/api/performer/me', auth: 'performer' },
  getPerformer: { method: 'get', path: '/api/performers/{id}', auth: 'public' },
  createPerformer: { method: 'post', path: '/api/performers', auth: 'public' },
  updatePerformer: { method: 'patch', path: '/api/performers/{id}', auth: 'performer' },
  deletePerformer: { method: 'delete', path: '/api/performers/{id}', auth: 'admin' },
  adminListPerformers: { method: 'get', path: '/api/admin/performers', auth: 'admin' },
  pendingPerformers: { method: 'get', path: '/api/admin/performers/pending', auth: 'admin' },
  verifyPerformer: { method: 'post', path: '/api/admin/performers/{id}/verify', auth: 'admin' },
  listDocuments: { method: 'get', path: '/api/performers/{id}/documents', auth: 'admin' },
  addDocument: { method: 'post', path: '/api/performers/{id}/documents', auth: 'performer' },
  setGeoblock: { method: 'put', path: '/api/performers/{id}/geoblock', auth: 'performer' },
  setSchedule: { method: 'put', path: '/api/performers/{id}/schedule', auth: 'performer' },
  blockUser: { method: 'put', path: '/api/performers/{id}/blocked-users/{userId}', auth: 'performer' },
  unblockUser: { method: 'delete', path: '/api/performers/{id}/blocked-users/{userId}', auth: 'performer' },
  performerEarnings: { method: 'get', path: '/api/performers/{id}/earnings', auth: 'performer' },
  // gallery.ts
  gallery: { method: 'get', path: '/api/performers', auth: 'public' },
  // photos.ts
  listPhotos: { method: 'get', path: '/api/performers/{id}/photos', auth: 'public' },
  addPhoto: { method: 'post', path: '/api/performers/{id}/photos', auth: 'performer' },
  deletePhoto: { method: 'delete', path: '/api/photos/{id}', auth: 'performer' },
  purchasePhoto: { method: 'post', path: '/api/photos/{id}/purchase', auth: 'user' },
  listFavourites: { method: 'get', path: '/api/favourites', auth: 'user' },
  addFavourite: { method: 'put', path: '/api/favourites/{id}', auth: 'user' },
  removeFavourite: { method: 'delete', path: '/api/favourites/{id}', auth: 'user' },
  // files.ts
  uploadDocument: { method: 'post', path: '/api/upload', auth: 'public' },
  uploadPhotoFile: { method: 'put', path: '/api/objects/upload/{token}', auth: 'performer' },
  publicFile: { method: 'get', path: '/api/files/public/{fileId}', auth: 'public' },
  documentFile: { method: 'get', path: '/api/documents/{documentId}/file', auth: 'admin' },
  objectUploadTicket: { method: 'post', path: '/api/objects/upload', auth: 'performer' },
  confirmPhotoUpload: { method: 'put', path: '/api/performer-photos/upload', auth: 'performer' },
  // presence.ts
  presence: { method: 'get', path: '/api/presence', auth: 'public' },
  // sessions.ts
  requestSession: { method: 'post', path: '/api/sessions', auth: 'user' },
  listOpenSessions: { method: 'get', path: '/api/sessions', auth: 'account' },
  getSession: { method: 'get', path: '/api/sessions/{id}', auth: 'account' },
  acceptSession: { method: 'post', path: '/api/sessions/{id}/accept', auth: 'performer' },
  declineSession: { method: 'post', path: '/api/sessions/{id}/decline', auth: 'performer' },
  endSession: { method: 'post', path: '/api/sessions/{id}/end', auth: 'account' },
  rateSession: { method: 'post', path: '/api/sessions/{id}/rating', auth: 'user' },
  sessionIceConfig: { method: 'get', path: '/api/sessions/{id}/ice', auth: 'account' },
  // session-talk.ts
  postSessionMessage: { method: 'post', path: '/api/sessions/{id}/messages', auth: 'userOrPerformer' },
  tipSession: { method: 'post', path: '/api/sessions/{id}/tips', auth: 'userOrPerformer' },
  sessionTalk: { method: 'get', path: '/api/sessions/{id}/messages', auth: 'userOrPerformer' },
  // spies.ts
  startSpy: { method: 'post', path: '/api/sessions/{id}/spy', auth: 'user' },
  endSpy: { method: 'post', path: '/api/sessions/{id}/spy/end', auth: 'user' },
  getSpy: { method: 'get', path: '/api/sessions/{id}/spy', auth: 'user' },
  performerSpyable: { method: 'get', path: '/api/performers/{id}/spyable', auth: 'user' },
  // payouts.ts
  performerPayouts: { method: 'get', path: '/api/performers/{id}/payouts', auth: 'performer' },
  performerPayoutSummary: { method: 'get', path: '/api/performers/{id}/payouts/summary', auth: 'performer' },
  performerStatements: { method: 'get', path: '/api/performers/{id}/statements', auth: 'performer' },
  performerStatement: { method: 'get', path: '/api/performers/{id}/statements/{weekStart}', auth: 'performer' },
  payoutDetails: { method: 'get', path: '/api/performers/{id}/payout-details', auth: 'performer' },
  setPayoutDetails: { method: 'put', path: '/api/performers/{id}/payout-details', auth: 'performer' },
  runPayouts: { method: 'post', path: '/api/admin/payouts/run', auth: 'admin' },
  payoutRuns: { method: 'get', path: '/api/admin/payouts/runs', auth: 'admin' },
  payoutRun: { method: 'get', path: '/api/admin/payouts/runs/{id}', auth: 'admin' },
  retryPayout: { method: 'post', path: '/api/admin/payouts/{id}/retry', auth: 'admin' },
  // sepa.ts
  payoutRunSepaFile: { method: 'get', path: '/api/admin/payouts/runs/{id}/sepa', auth: 'admin' },
  markSepaFileSent: { method: 'post', path: '/api/admin/payouts/runs/{id}/sepa/sent', auth: 'admin' },
  // admin-mfa.ts
  adminMfaStatus: { method: 'get', path: '/api/admin/mfa', auth: 'admin' },
  adminMfaEnroll: { method: 'post', path: '/api/admin/mfa/enroll', auth: 'admin' },
  resetAdminMfa: { method: 'post', path: '/api/admin/admins/{id}/mfa/reset', auth: 'admin' },
  adminMfaConfirm: { method: 'post', path: '/api/admin/mfa/confirm', auth: 'admin' },
  // chat.ts
  startConversation: { method: 'post', path: '/api/conversations', auth: 'user' },
  listConversations: { method: 'get', path: '/api/conversations/{userId}', auth: 'userOrPerformer' },
  listMessages: { method: 'get', path: '/api/messages/{conversationId}', auth: 'userOrPerformer' },
  sendMessage: { method: 'post', path: '/api/messages', auth: 'userOrPerformer' },
  markRead: { method: 'patch', path: '/api/messages/{conversationId}/read/{userId}', auth: 'userOrPerformer' },
  unreadCounts: { method: 'get', path: '/api/unread/{userId}', auth: 'userOrPerformer' },
  // shows.ts
  listShows: { method: 'get', path: '/api/shows', auth: 'public' },
  startShow: { method: 'post', path: '/api/shows', auth: 'performer' },
  getShow: { method: 'get', path: '/api/shows/{id}', auth: 'public' },
  retitleShow: { method: 'patch', path: '/api/shows/{id}', auth: 'performer' },
  endShow: { method: 'post', path: '/api/shows/{id}/end', auth: 'performer' },
  performerShows: { method: 'get', path: '/api/performers/{id}/shows', auth: 'performer' },
  tipShow: { method: 'post', path: '/api/shows/{id}/tips', auth: 'user' },
  listShowTips: { method: 'get', path: '/api/shows/{id}/tips', auth: 'public' },
  showLeaderboard: { method: 'get', path: '/api/shows/{id}/leaderboard', auth: 'public' },
  putShowThumbnail: { method: 'put', path: '/api/shows/{id}/thumbnail', auth: 'performer' },
  adminLive: { method: 'get', path: '/api/admin/live', auth: 'admin' },
  // whip.ts (issue 40 item 6)
  getWhip: { method: 'get', path: '/api/performers/{id}/whip', auth: 'performer' },
  renewWhipToken: { method: 'post', path: '/api/performers/{id}/whip/token', auth: 'performer' },
  whipPublish: { method: 'post', path: '/api/whip', auth: 'public' },
  whipEnd: { method: 'delete', path: '/api/whip/{id}', auth: 'public' },
  // ticket-shows.ts
  announceTicketShow: { method: 'post', path: '/api/shows/{id}/ticket-show', auth: 'performer' },
  getTicketShow: { method: 'get', path: '/api/shows/{id}/ticket-show', auth: 'public' },
  cancelTicketShow: { method: 'post', path: '/api/shows/{id}/ticket-show/cancel', auth: 'performer' },
  buyShowTicket: { method: 'post', path: '/api/shows/{id}/tickets', auth: 'user' },
  getTipMenu: { method: 'get', path: '/api/performers/{id}/tip-menu', auth: 'public' },
  setTipMenu: { method: 'put', path: '/api/performers/{id}/tip-menu', auth: 'performer' },
  setShowGoal: { method: 'post', path: '/api/shows/{id}/goals', auth: 'performer' },
  listShowMessages: { method: 'get', path: '/api/shows/{id}/messages', auth: 'public' },
  postShowMessage: { method: 'post', path: '/api/shows/{id}/messages', auth: 'account' },
  deleteShowMessage: { method: 'delete', path: '/api/shows/{id}/messages/{messageId}', auth: 'performer' },
  muteShowIdentity: { method: 'post', path: '/api/shows/{id}/mutes', auth: 'performer' },
  banShowIdentity: { method: 'post', path: '/api/shows/{id}/bans', auth: 'performer' },
  // refunds.ts
  issueRefund: { method: 'post', path: '/api/admin/refunds', auth: 'admin' },
  listRefunds: { method: 'get', path: '/api/admin/refunds', auth: 'admin' },
  searchRefundableSales: { method: 'get', path: '/api/admin/refunds/sales', auth: 'admin' },
  listDisputes: { method: 'get', path: '/api/admin/disputes', auth: 'admin' },
  sandboxOpenDispute: { method: 'post', path: '/api/payments/sandbox/purchases/{purchaseId}/dispute', auth: 'public' },
  sandboxCloseDispute: { method: 'post', path: '/api/payments/sandbox/disputes/{id}/close', auth: 'public' },
  // moderation.ts (issue 39 items 3-5)
  fileReport: { method: 'post', path: '/api/reports', auth: 'public' },
  listReports: { method: 'get', path: '/api/admin/reports', auth: 'admin' },
  decideReport: { method: 'post', path: '/api/admin/reports/{id}/decision', auth: 'admin' },
  performerModerationNotices: { method: 'get', path: '/api/performers/{id}/moderation-notices', auth: 'performer' },
  myModerationNotices: { method: 'get', path: '/api/me/moderation-notices', auth: 'user' },
  fileAppeal: { method: 'post', path: '/api/appeals', auth: 'userOrPerformer' },
  decideAppeal: { method: 'post', path: '/api/admin/appeals/{id}/decision', auth: 'admin' },
  listAppeals: { method: 'get', path: '/api/admin/appeals', auth: 'admin' },
  adminEndShow: { method: 'post', path: '/api/admin/shows/{id}/end', auth: 'admin' },
  listReviews: { method: 'get', path: '/api/admin/reviews', auth: 'admin' },
  decideReview: { method: 'post', path: '/api/admin/reviews/{id}', auth: 'admin' },
  // co-performers.ts (issue 39 item 7)
  addCoPerformer: { method: 'post', path: '/api/performers/{id}/co-performers', auth: 'performer' },
  listCoPerformers: { method: 'get', path: '/api/performers/{id}/co-performers', auth: 'performer' },
  revokeCoPerformer: {
    method: 'delete',
    path: '/api/performers/{id}/co-performers/{coPerformerId}',
    auth: 'performer',
  },
  decideCoPerformer: { method: 'post', path: '/api/admin/co-performers/{id}', auth: 'admin' },
  appearanceRecords: { method: 'get', path: '/api/admin/appearance-records', auth: 'admin' },
  // age-verification.ts (issue 39 items 1-2)
  startAgeVerification: { method: 'post', path: '/api/age-verification', auth: 'public' },
  ageVerificationStatus: { method: 'get', path: '/api/age-verification', auth: 'public' },
  ageVerificationCallback: { method: 'get', path: '/api/age-verification/callback', auth: 'public' },
  ageSandboxCheck: { method: 'get', path: '/api/age-verification/sandbox/check', auth: 'public' },
  ageSandboxConfirm: { method: 'post', path: '/api/age-verification/sandbox/check', auth: 'public' },
  blurredImage: { method: 'get', path: '/api/age-verification/blurred/{key}', auth: 'public' },
} as const satisfies Record<string, RoutePath>;

export type ApiPathName = keyof typeof apiPaths;
