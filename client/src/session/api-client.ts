import { getToken } from './session-storage';

/** A refused or failed call, with the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * For the few calls that must reach the server (login, staff accounts). Screens read data from
 * Dexie, never through this.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown, options: { idempotencyKey?: string; signal?: AbortSignal } = {}): Promise<T> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { token } : {}),
        ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch {
    throw new ApiError('Cannot reach the server. Check the connection and try again.', 0);
  }
  const data = (await response.json().catch(() => ({}))) as { success?: boolean; message?: string };
  if (!response.ok || data.success === false) {
    throw new ApiError(data.message ?? `The server answered ${response.status}.`, response.status);
  }
  return data as T;
}
