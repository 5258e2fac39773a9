import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** A package as the API answers it: price in whole euro (the spec's unit), stored as cents. */
export const PackageView = z.object({
  id: z.string().uuid(),
  credits: z.number().int(),
  bonus: z.number().int(),
  /** euro */
  price: z.number(),
  popular: z.boolean(),
});
export type PackageView = z.infer<typeof PackageView>;

export const PACKAGE_CREDITS_MAX = 1_000_000;
export const PACKAGE_PRICE_MAX = 100_000;

/** Create and update share one body: credits and price required, bonus defaults to 0, popular to false. */
export const PackageBody = z.object({
  credits: z.number().int().positive().max(PACKAGE_CREDITS_MAX),
  bonus: z.number().int().min(0).max(PACKAGE_CREDITS_MAX).default(0),
  /** euro, whole */
  price: z.number().int().positive().max(PACKAGE_PRICE_MAX),
  popular: z.boolean().default(false),
});
export type PackageBody = z.infer<typeof PackageBody>;
export type PackageBodyInput = z.input<typeof PackageBody>;

export const packagesRoutes = {
  listPackages: {
    ...apiPaths.listPackages,
    summary: 'Auracoin packages on sale',
    tag: 'packages',
    refusals: [],
    response: z.array(PackageView),
  },
  createPackage: {
    ...apiPaths.createPackage,
    summary: 'Create a package (admin)',
    tag: 'packages',
    refusals: moduleRefusals.packages,
    body: PackageBody,
    response: PackageView,
    status: 201,
    secondFactor: 'fresh',
  },
  updatePackage: {
    ...apiPaths.updatePackage,
    summary: 'Update a package (admin)',
    tag: 'packages',
    refusals: moduleRefusals.packages,
    params: IdParam,
    body: PackageBody,
    response: PackageView,
    secondFactor: 'fresh',
  },
  deletePackage: {
    ...apiPaths.deletePackage,
    summary: 'Delete a package (admin)',
    tag: 'packages',
    refusals: moduleRefusals.packages,
    params: IdParam,
    response: z.object({ ok: z.literal(true) }),
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
