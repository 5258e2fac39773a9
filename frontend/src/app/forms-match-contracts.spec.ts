import { describe, expect, it } from '@jest/globals';
import type { AnySchema } from 'yup';
import type { z } from 'zod';
import {
  ADMIN_PASSWORD_MIN,
  AdminPerformerBody,
  CreateAdminBody,
  GoalBody,
  MESSAGE_PRICE_MIN,
  PackageBody,
  PACKAGE_CREDITS_MAX,
  PACKAGE_PRICE_MAX,
  PASSWORD_MIN,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  PerformerPatchBody,
  PHOTO_DESCRIPTION_MAX,
  PHOTO_PRICE_MIN,
  PHOTO_TITLE_MAX,
  PhotoBody,
  priceCeilings,
  RATE_MIN,
  RATING_MAX,
  RATING_MIN,
  RegisterBody,
  SHOW_GOAL_DESCRIPTION_MAX,
  SHOW_TITLE_MAX,
  StartShowBody,
  TIP_MESSAGE_MAX,
  TipBody,
  USERNAME_MIN,
} from '@aura/contracts';
import { adminSchema } from '../features/admin-console/components/admin-schemas';
import { registerSchema } from '../features/auth/components/auth-schemas';
import { packageSchema } from '../features/packages-admin/components/package-schema';
import { adminPerformerSchema } from '../features/performer-admin/components/performer-form-schema';
import { photoSchema } from '../features/performer-dashboard/components/photo-schema';
import { profileSchema } from '../features/performer-dashboard/components/profile-schema';
import { goalSchema, goLiveSchema, tipSchema } from '../features/shows/components/show-schemas';

/**
 * A form's yup schema and the zod body its request is checked against read their limits from one
 * spelling in contracts; this holds them to it at each limit: a value the form lets through the
 * server takes, and one step past the limit both refuse.
 */
function formTakes(schema: AnySchema, field: string, value: unknown): boolean {
  try {
    schema.validateSyncAt(field, { [field]: value });
    return true;
  } catch {
    return false;
  }
}
function serverTakes(body: z.ZodObject, field: string, value: unknown): boolean {
  return (body.shape[field] as z.ZodType).safeParse(value).success;
}

type Case = [form: AnySchema, body: z.ZodObject, field: string, values: { taken: unknown[]; refused: unknown[] }];
const text = (length: number) => 'x'.repeat(length);
/** at most `max` characters */
const upTo = (max: number) => ({ taken: [text(max)], refused: [text(max + 1)] });
const atLeast = (min: number) => ({ taken: [text(min)], refused: [text(min - 1)] });
/** from `min` to `max` by `step`: the ends taken, a step past either end and a value off the step refused */
const between = (min: number, max: number, step: number, offStep: number) => ({
  taken: [min, max],
  refused: [min - step, max + step, offStep],
});

const cases: Record<string, Case> = {
  'register username': [registerSchema, RegisterBody, 'username', atLeast(USERNAME_MIN)],
  'register password': [registerSchema, RegisterBody, 'password', atLeast(PASSWORD_MIN)],
  'admin password': [adminSchema, CreateAdminBody, 'password', atLeast(ADMIN_PASSWORD_MIN)],
  'photo title': [photoSchema, PhotoBody, 'title', upTo(PHOTO_TITLE_MAX)],
  'photo description': [photoSchema, PhotoBody, 'description', upTo(PHOTO_DESCRIPTION_MAX)],
  'photo price': [photoSchema, PhotoBody, 'price', between(PHOTO_PRICE_MIN, priceCeilings.photoPrice, 0.5, 1.25)],
  'profile age': [profileSchema, PerformerPatchBody, 'age', between(PERFORMER_AGE_MIN, PERFORMER_AGE_MAX, 1, 30.5)],
  'profile rate': [
    profileSchema,
    PerformerPatchBody,
    'creditsPerMinute',
    between(RATE_MIN, priceCeilings.ratePerMinute, 0.5, 1.25),
  ],
  'profile message price': [
    profileSchema,
    PerformerPatchBody,
    'messagePrice',
    between(MESSAGE_PRICE_MIN, priceCeilings.messagePrice, 0.5, 1.25),
  ],
  'profile languages': [profileSchema, PerformerPatchBody, 'languages', { taken: [['Italiano']], refused: [[]] }],
  'admin performer rating': [
    adminPerformerSchema,
    AdminPerformerBody,
    'rating',
    between(RATING_MIN, RATING_MAX, 0.1, 4.55),
  ],
  'admin performer age': [
    adminPerformerSchema,
    AdminPerformerBody,
    'age',
    between(PERFORMER_AGE_MIN, PERFORMER_AGE_MAX, 1, 30.5),
  ],
  'show title': [goLiveSchema, StartShowBody, 'title', upTo(SHOW_TITLE_MAX)],
  'goal description': [goalSchema, GoalBody, 'description', upTo(SHOW_GOAL_DESCRIPTION_MAX)],
  'tip message': [tipSchema, TipBody, 'message', upTo(TIP_MESSAGE_MAX)],
};

describe('each form checks what its request body checks, at the same limits', () => {
  it.each(Object.entries(cases))('%s', (_name, [form, body, field, { taken, refused }]) => {
    for (const value of taken)
      expect([value, formTakes(form, field, value), serverTakes(body, field, value)]).toEqual([value, true, true]);
    for (const value of refused)
      expect([value, formTakes(form, field, value), serverTakes(body, field, value)]).toEqual([value, false, false]);
  });

  it('package amounts, typed as text in the form, up to the same ceilings', () => {
    for (const [field, max] of [
      ['credits', PACKAGE_CREDITS_MAX],
      ['price', PACKAGE_PRICE_MAX],
    ] as const) {
      expect([formTakes(packageSchema, field, String(max)), serverTakes(PackageBody, field, max)]).toEqual([
        true,
        true,
      ]);
      expect([formTakes(packageSchema, field, String(max + 1)), serverTakes(PackageBody, field, max + 1)]).toEqual([
        false,
        false,
      ]);
      expect([formTakes(packageSchema, field, '0'), serverTakes(PackageBody, field, 0)]).toEqual([false, false]);
    }
  });
});
