import { unitsToAuracoin, type PhotoView } from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { PHOTOS, PHOTO_PURCHASES, type PhotoDoc, type PhotoPurchaseDoc } from './projection';

export interface PhotoViewer {
  kind: string;
  sub: string;
}

/** The image only for its performer, admins and its buyers; others see it locked with its price. */
export function toPhotoView(doc: PhotoDoc, viewer: PhotoViewer | undefined, purchased: boolean): PhotoView {
  const privileged =
    viewer !== undefined &&
    (viewer.kind === 'admin' || (viewer.kind === 'performer' && viewer.sub === doc.performerId));
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
    ...(privileged ? { salesCount: doc.salesCount } : {}),
  };
}

export function createPhotoQueries(readModels: ReadModelStore) {
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
      const docs = await photos.find({ performerId }, { sort: { createdAt: -1 } });
      return docs
        .filter((doc) => !doc.removed || bought.has(doc._id))
        .map((doc) => toPhotoView(doc, viewer, bought.has(doc._id)));
    },
    async view(photoId: string, viewer: PhotoViewer | undefined): Promise<PhotoView | null> {
      const doc = await photos.findOne({ _id: photoId });
      if (!doc) return null;
      const purchased =
        viewer?.kind === 'user' ? (await purchases.findOne({ _id: `${viewer.sub}:${photoId}` })) !== null : false;
      return toPhotoView(doc, viewer, purchased);
    },
  };
}

export type PhotoQueries = ReturnType<typeof createPhotoQueries>;
