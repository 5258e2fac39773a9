/**
 * The one way the frontend talks to the API (spec §7):
 * - every call sends the session cookie (`credentials: 'include'`);
 * - a request with a body is JSON;
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
  const hasBody = body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (hasBody) headers['Content-Type'] = 'application/json';

  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
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

export const api = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) =>
    apiRequest<T>('DELETE', url, undefined, options),
};

/** HTTP status of a failed call, if it was an API answer (not a network failure). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

export const NETWORK_ERROR_MESSAGE = 'Errore di connessione';

/**
 * A human message for a toast: the problem+json `error` field, else `detail`, else `title`,
 * else the error's own message (`status: text`). A fetch that never reached the server
 * (offline, server down) reads 'Errore di connessione'.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const problem = error.problem;
    const friendly = [problem?.error, problem?.detail, problem?.title].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    return friendly ?? error.message;
  }
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
