import type { z } from 'zod';

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
