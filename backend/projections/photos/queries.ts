import { unitsToAuracoin, type PhotoView, type ReviewItemView } from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { PHOTOS, PHOTO_PURCHASES, type PhotoDoc, type PhotoPurchaseDoc } from './projection';

export interface PhotoViewer {
  kind: string;
  sub: string;
}

const reviewLabels = { pending: 'in_revisione', approved: 'approvata', rejected: 'rifiutata' } as const;

/** Her own photos and an admin's view: every photo, with its review and hidden state. */
export const isPrivileged = (doc: Pick<PhotoDoc, 'performerId'>, viewer: PhotoViewer | undefined) =>
  viewer !== undefined && (viewer.kind === 'admin' || (viewer.kind === 'performer' && viewer.sub === doc.performerId));

/** What buyers and visitors may see: approved, and not hidden by a report or a decision (issue 39 items 3 and 5). */
export const isShown = (doc: PhotoDoc, hidden: ReadonlySet<string>) =>
  (doc.review ?? 'approved') === 'approved' && !hidden.has(doc._id);

/** The image only for its performer, admins and its buyers; others see it locked with its price. */
export function toPhotoView(
  doc: PhotoDoc,
  viewer: PhotoViewer | undefined,
  purchased: boolean,
  hidden = false,
): PhotoView {
  const privileged = isPrivileged(doc, viewer);
  const open = privileged || purchased;
  return {
    id: doc._id,
    performerId: doc.performerId,
    imageUrl: open ? doc.imageUrl : null,
    locked: !open,
    purchased,
    title: doc.title,
    description: doc.description,
    price: unitsToAuracoin(doc.priceUnits),
    createdAt: doc.createdAt,
    ...(privileged ? { salesCount: doc.salesCount, review: reviewLabels[doc.review ?? 'approved'], hidden } : {}),
  };
}

/** The photos hidden by the moderation module (entry hands its query over). */
export type HiddenPhotos = () => Promise<ReadonlySet<string>>;

export function createPhotoQueries(readModels: ReadModelStore, hiddenPhotos: HiddenPhotos = async () => new Set()) {
  const photos = readModels.collection<PhotoDoc>(PHOTOS);
  const purchases = readModels.collection<PhotoPurchaseDoc>(PHOTO_PURCHASES);
  async function boughtBy(viewer: PhotoViewer | undefined, performerId: string): Promise<Set<string>> {
    if (!viewer || viewer.kind !== 'user') return new Set();
    const docs = await purchases.find({ walletId: viewer.sub, performerId });
    return new Set(docs.map((doc) => doc.photoId));
  }
  return {
    /** listed photos of a performer, plus removed ones the viewer bought (they stay available to the buyer) */
    async ofPerformer(performerId: string, viewer: PhotoViewer | undefined): Promise<PhotoView[]> {
      const bought = await boughtBy(viewer, performerId);
      const hidden = await hiddenPhotos();
      const docs = await photos.find({ performerId }, { sort: { createdAt: -1 } });
      const privileged = isPrivileged({ performerId }, viewer);
      return docs
        .filter((doc) => !doc.removed || bought.has(doc._id))
        .filter((doc) => privileged || isShown(doc, hidden))
        .map((doc) => toPhotoView(doc, viewer, bought.has(doc._id), hidden.has(doc._id)));
    },
    async view(photoId: string, viewer: PhotoViewer | undefined): Promise<PhotoView | null> {
      const doc = await photos.findOne({ _id: photoId });
      if (!doc) return null;
      const hidden = await hiddenPhotos();
      if (!isPrivileged(doc, viewer) && !isShown(doc, hidden)) return null;
      const purchased =
        viewer?.kind === 'user' ? (await purchases.findOne({ _id: `${viewer.sub}:${photoId}` })) !== null : false;
      return toPhotoView(doc, viewer, purchased, hidden.has(doc._id));
    },
    /** whose photo this is, whatever its state (the moderation module's reports name it) */
    async ownerOf(photoId: string): Promise<string | null> {
      const doc = await photos.findOne({ _id: photoId });
      return doc && !doc.removed ? doc.performerId : null;
    },
    /** photos waiting for an admin's review, oldest first */
    async inReview(): Promise<ReviewItemView[]> {
      const docs = await photos.find({ review: 'pending' }, { sort: { createdAt: 1 } });
      return docs
        .filter((doc) => !doc.removed)
        .map((doc) => ({
          id: doc._id,
          kind: 'photo' as const,
          performerId: doc.performerId,
          imageUrl: doc.imageUrl,
          title: doc.title,
          submittedAt: doc.createdAt,
          ...(doc.coPerformers && { coPerformers: doc.coPerformers }),
        }));
    },
  };
}

export type PhotoQueries = ReturnType<typeof createPhotoQueries>;
