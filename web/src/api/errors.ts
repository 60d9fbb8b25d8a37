import { MAINTENANCE_ERROR, MSG } from '@zalik/contract';

/**
 * Every failed call becomes an ApiError whose `message` is what the user should read: the
 * server's Ukrainian `{message}`, or our own text when there was no usable answer.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when the server was not reached. */
    readonly status: number,
    /** The parsed error body, when there was one. */
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** 4xx: the request itself is wrong (retrying the same call cannot help). */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function networkError(): ApiError {
  return new ApiError(MSG.networkError, 0);
}

function field(body: unknown, key: 'message' | 'error'): string | undefined {
  if (body && typeof body === 'object' && key in body) {
    const v = (body as Record<string, unknown>)[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

/** Expired token: newer servers say it in `message`, older clients read `error`. */
export function isTokenExpired(status: number, body: unknown): boolean {
  return status === 401 && (field(body, 'message') === MSG.tokenExpired || field(body, 'error') === MSG.tokenExpired);
}

/** The app is down for maintenance (503 with `error: MAINTENANCE`): not an outage, nothing to retry. */
export function isMaintenanceError(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 503 && field(err.body, 'error') === MAINTENANCE_ERROR;
}

export function isBannedError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.message === MSG.banned;
}

/** Reads a failed response into an ApiError (the body may be JSON, text or nothing). */
export async function readError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's HTML page...): keep the text for debugging only.
  }
  const message = field(body, 'message') ?? field(body, 'error') ?? (res.status >= 500 ? MSG.internal : MSG.badRequest);
  return new ApiError(message, res.status, body);
}
