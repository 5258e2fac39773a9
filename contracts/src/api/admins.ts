import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MAX = 128;
export const ADMIN_USERNAME_MIN = 3;
export const ADMIN_USERNAME_MAX = 32;
/** an admin's full name: at most this many characters */
export const ADMIN_FULL_NAME_MAX = 120;
export const adminRoles = ['admin', 'superadmin'] as const;
export type AdminRole = (typeof adminRoles)[number];

/** An admin as the API answers it (never the password hash). */
export const AdminView = z.object({
  id: z.string().uuid(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(adminRoles),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminView = z.infer<typeof AdminView>;

/** Admins sign in with their own username and password (the spec's single shared password is replaced). */
export const AdminVerifyBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(ADMIN_PASSWORD_MAX),
});
export type AdminVerifyBody = z.infer<typeof AdminVerifyBody>;

export const AdminSession = z.object({ admin: AdminView });
export type AdminSession = z.infer<typeof AdminSession>;

export const CreateAdminBody = z.object({
  fullName: z.string().trim().min(1).max(ADMIN_FULL_NAME_MAX),
  username: z.string().trim().min(ADMIN_USERNAME_MIN).max(ADMIN_USERNAME_MAX),
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(ADMIN_PASSWORD_MIN).max(ADMIN_PASSWORD_MAX),
  role: z.enum(adminRoles).default('admin'),
});
export type CreateAdminBody = z.infer<typeof CreateAdminBody>;
export type CreateAdminInput = z.input<typeof CreateAdminBody>;

export const UpdateAdminBody = z.object({ isActive: z.boolean() });
export type UpdateAdminBody = z.infer<typeof UpdateAdminBody>;

/** One admin action as recorded: which admin, when, what (the event's type) and on which record (its stream). */
export const AdminActionView = z.object({
  /** the event's place in the log: the next page asks for `before` the last one shown */
  position: z.number().int(),
  at: z.string(),
  adminId: z.string(),
  action: z.string(),
  stream: z.string(),
});
export type AdminActionView = z.infer<typeof AdminActionView>;

export const AUDIT_TRAIL_PAGE_DEFAULT = 50;
export const AUDIT_TRAIL_PAGE_MAX = 200;

export const AuditTrailQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_TRAIL_PAGE_MAX).default(AUDIT_TRAIL_PAGE_DEFAULT),
  /** the next page: actions recorded before this position */
  before: z.coerce.number().int().min(0).optional(),
  /** only this admin's actions */
  adminId: z.string().uuid().optional(),
});

export const AuditTrailPage = z.object({
  actions: z.array(AdminActionView),
  /** `before` of the next page, null on the last */
  nextBefore: z.number().int().nullable(),
});
export type AuditTrailPage = z.infer<typeof AuditTrailPage>;

export const adminsRoutes = {
  adminVerify: {
    ...apiPaths.adminVerify,
    summary: 'Admin sign-in with username and password',
    tag: 'admins',
    refusals: moduleRefusals.admins,
    body: AdminVerifyBody,
    response: AdminSession,
  },
  adminMe: {
    ...apiPaths.adminMe,
    summary: 'The signed-in admin',
    tag: 'admins',
    refusals: [],
    response: AdminSession,
    secondFactor: 'none',
  },
  listAdmins: {
    ...apiPaths.listAdmins,
    summary: 'Every admin',
    tag: 'admins',
    refusals: [],
    response: z.array(AdminView),
  },
  createAdmin: {
    ...apiPaths.createAdmin,
    summary: 'Create an admin (superadmins only create superadmins)',
    tag: 'admins',
    refusals: moduleRefusals.admins,
    body: CreateAdminBody,
    response: AdminView,
    status: 201,
    secondFactor: 'fresh',
  },
  updateAdmin: {
    ...apiPaths.updateAdmin,
    summary: 'Activate or disable an admin',
    tag: 'admins',
    refusals: moduleRefusals.admins,
    params: IdParam,
    body: UpdateAdminBody,
    response: AdminView,
    secondFactor: 'fresh',
  },
  deleteAdmin: {
    ...apiPaths.deleteAdmin,
    summary: 'Delete an admin (never a superadmin)',
    tag: 'admins',
    refusals: moduleRefusals.admins,
    params: IdParam,
    response: z.object({ ok: z.literal(true) }),
    secondFactor: 'fresh',
  },
  adminAuditTrail: {
    ...apiPaths.adminAuditTrail,
    summary: 'Every admin action, newest first, with who and when (paged)',
    tag: 'admins',
    refusals: [],
    query: AuditTrailQuery,
    response: AuditTrailPage,
  },
} as const satisfies Record<string, RouteContract>;
