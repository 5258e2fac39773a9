import { refusalText, statusOfErrorCode, type ErrorCode } from '@aura/contracts';

export type FieldError = { path: string; message: string };

/**
 * An error the caller can act on; the error handler turns it into problem+json. Its text is the
 * code's (contracts errors.ts), or `detail`: a more precise text that `contracts` also spells (which
 * file formats an upload accepts, the refused fields).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly fieldErrors?: FieldError[];
  constructor(
    readonly code: ErrorCode,
    options: { status?: number; fieldErrors?: FieldError[]; detail?: string } = {},
  ) {
    super(options.detail ?? refusalText(code));
    this.name = 'HttpError';
    this.status = options.status ?? statusOfErrorCode[code];
    this.fieldErrors = options.fieldErrors;
  }
}

/** A refusal of the input, each refused field named by its path. */
export const badRequest = (fieldErrors?: FieldError[], detail?: string) =>
  new HttpError('validation_failed', { fieldErrors, detail });
export const unauthorized = () => new HttpError('unauthorized');
export const forbidden = () => new HttpError('forbidden');
export const notFound = () => new HttpError('not_found');
/** A refusal by code alone, at the code's status. */
export const refused = (code: ErrorCode, fieldErrors?: FieldError[]) => new HttpError(code, { fieldErrors });
