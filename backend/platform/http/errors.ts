import type { ErrorCode } from '@aura/contracts';

/** An error the caller can act on; the error handler turns it into problem+json. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: { path: string; message: string }[]) =>
  new HttpError(400, 'validation_failed', message, fieldErrors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You may not access this resource') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
