import { z } from 'zod';
import { Health, IdParam } from './common';
import { LoginBody, RegisterBody, UserView } from './accounts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI style path: /api/users/{id} */
  path: string;
  summary: string;
  tag: string;
  auth: 'public' | 'user' | 'performer' | 'admin';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
}

/** Every API route's contract: the backend validates against it, the OpenAPI document is built from it. */
export const apiRoutes = {
  health: {
    method: 'get', path: '/api/health', summary: 'Health of every adapter', tag: 'platform',
    auth: 'public', response: Health,
  },
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
    auth: 'public', response: z.object({ ok: z.literal(true) }),
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

export type ApiRouteName = keyof typeof apiRoutes;
