import { vi } from 'vitest';

/** One recorded request made through a {@link fakeFetch}. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
  /** A multipart body, as sent (the parts can be read back). */
  form?: FormData;
  /** The request's `credentials` mode (whether the browser would send cookies). */
  credentials?: RequestCredentials;
}

/** An answer a {@link fakeFetch} gives: status, body and content type. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  contentType?: string;
  /** Further response headers (an `ETag`). */
  headers?: Record<string, string>;
}

/**
 * A fetch stand-in for unit tests: answers each request with the function's result and records
 * what was sent. Strings are sent as `text/plain`, anything else as JSON.
 */
export function fakeFetch(answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
      form: init?.body instanceof FormData ? init.body : undefined,
      credentials: init?.credentials,
    };
    requests.push(request);
    const { status, body, contentType, headers } = await answer(request);
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const type = contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json');
    return new Response(status === 204 ? null : text, { status, headers: { ...headers, 'Content-Type': type } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}
