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

export const adminsEvents = { AdminCreated } as const;
