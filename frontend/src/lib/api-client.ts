import {
  errorMessages,
  isErrorCode,
  priceBelowFloorMessage,
  priceChangedMessage,
  statusOfErrorCode,
  type ErrorCode,
} from '@aura/contracts';

/**
 * The transport under the typed client (`call` in ./api, docs/product.md#api):
 * - every call sends the session cookie (`credentials: 'include'`);
 * - a request with a body is JSON, except a form (multipart, sent as is) and a file's bytes
 *   (sent with the file's content type);
 * - any non-OK answer throws an {@link ApiError} whose message is
 *   `${status}: ${body text, or the status text when the body is empty}`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    /** the raw answer text (often an RFC 9457 problem+json document) */
    readonly body: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The parsed problem+json document when the answer is one (or any JSON object). */
  get problem(): ProblemLike | undefined {
    return parseProblem(this.body);
  }
}

/** The fields of a problem+json answer the UI cares about (see `Problem` in @aura/contracts). */
export interface ProblemLike {
  error?: string;
  detail?: string;
  title?: string;
  code?: string;
  errors?: { path: string; message: string }[];
  /** `price_changed`: her price now, auracoin */
  currentPrice?: number;
  /** `price_below_floor`: what an auracoin would cost at worst, and the floor, euro */
  worstEurPerAuracoin?: number;
  floorEur?: number;
}

function parseProblem(body: string): ProblemLike | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as ProblemLike)
      : undefined;
  } catch {
    return undefined;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: encodeBody(body, headers),
    signal: options.signal,
  });

  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }

  if (res.status === 204 || res.status === 205) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const contentType = res.headers.get('content-type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

/** The request body as fetch sends it, setting its content type: a form's own (with its boundary), a file's, or JSON. */
function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  if (body instanceof Blob) {
    headers['Content-Type'] = body.type || 'application/octet-stream';
    return body;
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/** HTTP status of a failed call, if it was an API answer (not a network failure). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

export const NETWORK_ERROR_MESSAGE = 'Errore di connessione';

/** How a call site words a refusal, where it knows more than the code alone says. */
export interface ErrorWording {
  /** the form's Italian message for each of its fields, shown when the server refuses that field */
  fields?: Readonly<Record<string, string>>;
  /** a more precise text for a code (e.g. which formats an upload accepts) */
  codes?: Partial<Record<ErrorCode, string>>;
}

/**
 * The fields a `validation_failed` answer refuses, worded with the form's own messages: the
 * problem's `errors[].path` names the field (`body.price` → `price`); unknown fields are left out.
 */
export function refusedFields(error: unknown, fields: Readonly<Record<string, string>>): Record<string, string> {
  const problem = error instanceof ApiError ? error.problem : undefined;
  if (problem?.code !== 'validation_failed' || !Array.isArray(problem.errors)) return {};
  const refused: Record<string, string> = {};
  for (const { path } of problem.errors) {
    const [where, field] = String(path).split('.');
    if (where === 'body' && field !== undefined && Object.hasOwn(fields, field)) refused[field] = fields[field]!;
  }
  return refused;
}

/**
 * A message for a person, always in Italian: our API's refusals are worded from their `code` (and
 * the refused fields, with the form's messages), never from the server's own text. A fetch that
 * never reached the server reads 'Errore di connessione'; an answer that is not our API's problem
 * reads `status: text` (docs/product.md#api).
 */
export function errorMessage(error: unknown, wording: ErrorWording = {}): string {
  if (error instanceof ApiError) {
    // a 429 reads the same whoever answered it (our API, or a proxy in front of it), but for our own 429 refusals
    // that say more (the purchase limit, issue 38 item 9; a locked sign-in or second factor)
    const answered = error.problem?.code;
    const code =
      error.status === 429 && !(isErrorCode(answered) && statusOfErrorCode[answered] === 429)
        ? 'too_many_requests'
        : answered;
    if (!isErrorCode(code)) return error.message;
    const price = changedPrice(error);
    if (price !== undefined) return priceChangedMessage(price);
    const floor = priceFloorOf(error);
    if (floor) return priceBelowFloorMessage(floor.worstEurPerAuracoin, floor.floorEur);
    const refused = [...new Set(Object.values(refusedFields(error, wording.fields ?? {})))];
    return refused.length > 0 ? refused.join(' · ') : (wording.codes?.[code] ?? errorMessages[code]);
  }
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** The problem+json `code` of a refusal, to branch on (never on its text). */
export function errorCode(error: unknown): ErrorCode | undefined {
  const code = error instanceof ApiError ? error.problem?.code : undefined;
  return isErrorCode(code) ? code : undefined;
}

/** The figures of a `price_below_floor` refusal: what an auracoin would cost at worst, and the floor (euro). */
function priceFloorOf(error: ApiError): { worstEurPerAuracoin: number; floorEur: number } | undefined {
  const problem = error.problem;
  if (problem?.code !== 'price_below_floor') return undefined;
  const { worstEurPerAuracoin, floorEur } = problem;
  return typeof worstEurPerAuracoin === 'number' && typeof floorEur === 'number'
    ? { worstEurPerAuracoin, floorEur }
    : undefined;
}

/**
 * Her price now, when the call was refused because it changed since the user saw it (409
 * `price_changed`, docs/product.md#price-seen): the UI says 'Il prezzo è cambiato: ora N auracoin'
 * and lets him confirm at this price.
 */
export function changedPrice(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.problem?.code !== 'price_changed') return undefined;
  const price = error.problem.currentPrice;
  return typeof price === 'number' && Number.isFinite(price) ? price : undefined;
}
