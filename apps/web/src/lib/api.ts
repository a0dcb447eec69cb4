/** The web app's one way to call the API: same origin, cookies included, and `success: false` thrown as ApiError. */

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  constructor(status: number, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

type Body = FormData | Record<string, unknown> | undefined;

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Where calls go: the network in the browser; the server's own routes, in process, when it renders a page. */
export function setTransport(next: Transport): void {
  transport = next;
}

export async function api<T>(path: string, options: { method?: string; body?: Body; signal?: AbortSignal } = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await transport(`/api${path}`, { method, body: payload, headers, credentials: 'include', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'Could not reach the shop. Check your connection and try again.');
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(res.status, res.ok ? 'Invalid data received' : `Request failed (${res.status})`);
  }
  const envelope = data as { success?: boolean; message?: string; fieldErrors?: Record<string, string[]> };
  if (!res.ok || envelope.success === false) {
    throw new ApiError(res.status, envelope.message ?? `Request failed (${res.status})`, envelope.fieldErrors);
  }
  return data as T;
}

/** A query string from the set values only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** The message to show for a thrown error, with the page's fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
