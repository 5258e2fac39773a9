import { z } from 'zod';
import { performerCategories } from '../events/performers';
import {
  bodyTypes,
  ethnicities,
  eyeColors,
  hairColors,
  languageOptions,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  specialFeatureOptions,
} from '../rules/performer';
import { PublicPerformerView } from './performers';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';

export const galleryTabs = ['all', 'online', 'offline', 'new'] as const;

/** The gallery's orders: most popular (sessions and followers), newest, price up or down. */
export const gallerySorts = ['popular', 'new', 'price_asc', 'price_desc'] as const;
export type GallerySort = (typeof gallerySorts)[number];

/** 'Nuove': approved within these many days. */
export const NEW_PERFORMER_DAYS = 30;

/** Cards per gallery page; "Mostra altre" asks for the next page's worth more. */
export const GALLERY_PAGE_SIZE = 24;
export type GalleryTab = (typeof galleryTabs)[number];

/** A query value that may come once, repeated, or comma-separated. */
const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).max(values.length));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyAsUndefined, z.enum(values).optional());

/**
 * GET /api/performers: the gallery. Only approved performers, hidden ones (geoblocked for the
 * request's country) left out. Each attribute filter is an exact match; every chosen special
 * feature must be present. `q` searches name, category and languages (case-insensitive).
 */
export const GalleryQuery = z
  .object({
    tab: z.preprocess(emptyAsUndefined, z.enum(galleryTabs).default('all')),
    q: z.preprocess(emptyAsUndefined, z.string().trim().max(80).optional()),
    category: option(performerCategories),
    hairColor: option(hairColors),
    eyeColor: option(eyeColors),
    bodyType: option(bodyTypes),
    ethnicity: option(ethnicities),
    specialFeatures: z.preprocess(emptyAsUndefined, list(specialFeatureOptions).optional()),
    limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(200).default(GALLERY_PAGE_SIZE)),
    /** absent: online first, then by rating */
    sort: option(gallerySorts),
    /** she speaks it */
    language: option(languageOptions),
    ageMin: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(PERFORMER_AGE_MIN).max(PERFORMER_AGE_MAX).optional(),
    ),
    ageMax: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(PERFORMER_AGE_MIN).max(PERFORMER_AGE_MAX).optional(),
    ),
    /** auracoin per minute */
    priceMin: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(1000).optional()),
    priceMax: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(1000).optional()),
  })
  // a range's lower end above its upper end is refused
  .refine((query) => query.ageMin === undefined || query.ageMax === undefined || query.ageMin <= query.ageMax, {
    message: "L'età minima non può superare la massima",
    path: ['ageMin'],
  })
  .refine((query) => query.priceMin === undefined || query.priceMax === undefined || query.priceMin <= query.priceMax, {
    message: 'Il prezzo minimo non può superare il massimo',
    path: ['priceMin'],
  });
export type GalleryQuery = z.infer<typeof GalleryQuery>;
export type GalleryQueryInput = z.input<typeof GalleryQuery>;

export const GalleryCounts = z.object({
  all: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  new: z.number().int(),
});

export const GalleryPage = z.object({
  /** online first, then by rating */
  performers: z.array(PublicPerformerView),
  /** per tab, with the attribute filters and search applied (the page holds the first `limit`) */
  counts: GalleryCounts,
  /** no age proof for this browser yet: every `image` is a blurred stand-in (issue 39 item 2) */
  ageVerificationRequired: z.boolean().default(false),
});
export type GalleryPage = z.infer<typeof GalleryPage>;

export const galleryRoutes = {
  gallery: {
    ...apiPaths.gallery,
    summary: 'Gallery of approved performers with filters and per-tab counts',
    tag: 'gallery',
    refusals: [],
    query: GalleryQuery,
    response: GalleryPage,
  },
} as const satisfies Record<string, RouteContract>;
