import type { Session } from '../modules/auth';

/** The cookie-backed session of a fake server: who the browser's cookie signs in, if anyone. */
export interface FakeSessionState {
  signedIn: Session | null;
  /** The signed-in user's roles; `ADMIN` when not given. */
  roles?: string[];
}

const SESSION_PATH = /\/auth\/session$/;

/**
 * Wraps a test's fetch with the server side of `{base}/auth/session`, as a browser with the
 * HttpOnly cookie would see it: GET says who is signed in (401 when nobody), DELETE signs out.
 * POST (sign-in) goes to the test's own fetch, so a spec decides the answer and sees the request;
 * a 2xx answer signs in the user named in the body. Other requests go to the test's fetch.
 */
export function withFakeSession(fetch: typeof globalThis.fetch, state: FakeSessionState): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://h');
    const method = init?.method ?? 'GET';
    if (!SESSION_PATH.test(url.pathname)) return fetch(input, init);
    if (method === 'GET') {
      return state.signedIn
        ? new Response(JSON.stringify({ userName: state.signedIn.userName, roles: state.roles ?? ['ADMIN'] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response('Not signed in', { status: 401, headers: { 'Content-Type': 'text/plain' } });
    }
    if (method === 'DELETE') {
      state.signedIn = null;
      return new Response(null, { status: 204 });
    }
    const response = await fetch(input, init);
    if (response.ok && typeof init?.body === 'string') state.signedIn = { userName: (JSON.parse(init.body) as { userName: string }).userName };
    return response;
  };
}
