import { z } from 'zod';
import { ExpectedPrice, IdParam } from './common';
import type { RouteContract } from './route-contract';
import {
  PHOTO_DESCRIPTION_MAX,
  PHOTO_PRICE_DEFAULT,
  PHOTO_PRICE_MIN,
  PHOTO_PRICE_STEP,
  PHOTO_TITLE_MAX,
  isHalfStep,
} from '../rules/performer';
import { formatAuracoin } from '../format';
import { ActStatementBody } from './moderation';
import { priceCeilingMessages, withinCeiling } from '../rules/prices';
import { apiPaths } from './paths';
import { CO_PERFORMERS_PER_SHOW_MAX } from './co-performers';
import { moduleRefusals } from './refusals';

export const PhotoBody = z.object({
  /** an uploaded image's objectPath or an http(s) URL */
  imageUrl: z
    .string({ error: "Carica un'immagine o inserisci un URL" })
    .trim()
    .min(1, "Carica un'immagine o inserisci un URL")
    .max(1000)
    .refine((value) => /^https?:\/\//i.test(value) || value.startsWith('/api/files/public/'), {
      message: "Carica un'immagine o inserisci un URL",
    }),
  title: z.string().trim().min(1, 'Titolo obbligatorio').max(PHOTO_TITLE_MAX),
  description: z
    .string()
    .trim()
    .max(PHOTO_DESCRIPTION_MAX)
    .nullish()
    .transform((value) => (value ? value : null)),
  /** auracoin, minimum 0.5, step 0.5, at most the ceiling (docs/product.md#price-ceilings) */
  price: z
    .number()
    .refine((value) => isHalfStep(value, PHOTO_PRICE_MIN), {
      message: `Prezzo minimo ${formatAuracoin(PHOTO_PRICE_MIN)}, a passi di ${formatAuracoin(PHOTO_PRICE_STEP)}`,
    })
    .refine((value) => withinCeiling('photoPrice', value), { message: priceCeilingMessages.photoPrice })
    .default(PHOTO_PRICE_DEFAULT),
  /** who else is in it (issue 39 item 7): her approved co-performers only, else 409 `co_performer_not_approved` */
  coPerformerIds: z.array(z.string().uuid()).max(CO_PERFORMERS_PER_SHOW_MAX).default([]),
});
export type PhotoBody = z.infer<typeof PhotoBody>;
export type PhotoInput = z.input<typeof PhotoBody>;

/** A photo as its viewer may see it: the image only for its owner, admins and buyers. */
export const PhotoView = z.object({
  id: z.string().uuid(),
  performerId: z.string().uuid(),
  /** null while locked (not bought): show it blurred with the price */
  imageUrl: z.string().nullable(),
  locked: z.boolean(),
  purchased: z.boolean(),
  title: z.string(),
  description: z.string().nullable(),
  /** auracoin */
  price: z.number(),
  createdAt: z.string(),
  /** for the owner and admins */
  salesCount: z.number().int().optional(),
  /** for the owner and admins: its review (buyers and visitors see only approved photos) */
  review: z.enum(['in_revisione', 'approvata', 'rifiutata']).optional(),
  /** for the owner and admins: hidden by a report or a moderation decision */
  hidden: z.boolean().optional(),
});
export type PhotoView = z.infer<typeof PhotoView>;

/** The price the buyer saw (auracoin); optional, so a purchase without a body still works. */
export const PurchasePhotoBody = z.object({ expectedPrice: ExpectedPrice }).partial().default({});
export type PurchasePhotoInput = z.input<typeof PurchasePhotoBody>;

export const PurchaseResult = z.object({
  photo: PhotoView,
  /** the photo purchase's id (what an admin refunds: POST /api/admin/refunds {kind: 'photo', id}) */
  purchaseId: z.string().uuid(),
  /** the buyer's balance after the purchase, auracoin */
  auracoinBalance: z.number(),
});

export const photosRoutes = {
  listPhotos: {
    ...apiPaths.listPhotos,
    summary: "A performer's photos (locked unless bought)",
    tag: 'photos',
    refusals: ['blocked'],
    params: IdParam,
    response: z.array(PhotoView),
  },
  addPhoto: {
    ...apiPaths.addPhoto,
    summary: 'Add a photo for sale (herself or admin)',
    tag: 'photos',
    refusals: moduleRefusals.photos,
    params: IdParam,
    body: PhotoBody,
    response: PhotoView,
    status: 201,
    secondFactor: 'fresh',
  },
  deletePhoto: {
    ...apiPaths.deletePhoto,
    summary: 'Remove a photo (owner, or admin with a statement of reasons)',
    tag: 'photos',
    refusals: moduleRefusals.photos,
    params: IdParam,
    body: ActStatementBody,
    response: z.object({ ok: z.literal(true) }),
    secondFactor: 'fresh',
  },
  purchasePhoto: {
    ...apiPaths.purchasePhoto,
    summary: 'Buy a photo (409 price_changed when expectedPrice is not its price)',
    tag: 'photos',
    refusals: moduleRefusals.photos,
    idempotencyKey: 'required',
    params: IdParam,
    body: PurchasePhotoBody,
    response: PurchaseResult,
    status: 201,
    secondFactor: 'fresh',
  },
  listFavourites: {
    ...apiPaths.listFavourites,
    summary: "The signed-in user's favourite performer ids",
    tag: 'favourites',
    refusals: [],
    response: z.object({ performerIds: z.array(z.string().uuid()) }),
  },
  addFavourite: {
    ...apiPaths.addFavourite,
    summary: 'Add a performer to favourites',
    tag: 'favourites',
    refusals: [],
    params: IdParam,
    response: z.object({ performerIds: z.array(z.string().uuid()) }),
    secondFactor: 'fresh',
  },
  removeFavourite: {
    ...apiPaths.removeFavourite,
    summary: 'Remove a performer from favourites',
    tag: 'favourites',
    refusals: [],
    params: IdParam,
    response: z.object({ performerIds: z.array(z.string().uuid()) }),
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
