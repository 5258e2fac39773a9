import { z } from 'zod';

export const AdminCreated = z.object({
  adminId: z.string().uuid(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  role: z.enum(['admin', 'superadmin']),
  /** the admin who created it; absent for the superadmin made at first start */
  createdBy: z.string().uuid().optional(),
  createdAt: z.string(),
});

export const AdminActivated = z.object({
  adminId: z.string().uuid(),
  /** the acting admin */
  by: z.string().uuid(),
  at: z.string(),
});

export const AdminDeactivated = z.object({
  adminId: z.string().uuid(),
  /** the acting admin */
  by: z.string().uuid(),
  at: z.string(),
});

export const AdminDeleted = z.object({
  adminId: z.string().uuid(),
  /** the acting admin */
  by: z.string().uuid(),
  at: z.string(),
});

export const adminsEvents = { AdminCreated, AdminActivated, AdminDeactivated, AdminDeleted } as const;
