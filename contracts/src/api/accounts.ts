import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const RegisterBody = z.object({
  username: z.string().trim().min(USERNAME_MIN).max(USERNAME_MAX),
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  /** username or email */
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The user record as the API answers it (never the password hash). */
export const UserView = z.object({
  id: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** auracoin, may step by 0.5 */
  auracoinBalance: z.number(),
  totalAuracoinSpent: z.number(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof UserView>;

export const accountsRoutes = {
  register: {
    method: 'post', path: '/api/register', summary: 'Register a user (10 welcome auracoin)', tag: 'accounts',
    auth: 'public', body: RegisterBody, response: UserView, status: 201,
  },
  login: {
    method: 'post', path: '/api/login', summary: 'Sign in with username or email', tag: 'accounts',
    auth: 'public', body: LoginBody, response: UserView,
  },
  logout: {
    method: 'post', path: '/api/logout', summary: 'End the session', tag: 'accounts',
    auth: 'public', response: z.object({ ok: z.literal(true) }), secondFactor: 'none',
  },
  me: {
    method: 'get', path: '/api/me', summary: 'The signed-in user', tag: 'accounts',
    auth: 'user', response: UserView,
  },
  getUser: {
    method: 'get', path: '/api/users/{id}', summary: 'A user record (own, or any for admins)', tag: 'users',
    auth: 'user', params: IdParam, response: UserView,
  },
} as const satisfies Record<string, RouteContract>;
