import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type RecordedRequest } from '../../../test/fake-rest';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

/** Fills and sends the form, once it shows (after the start-up session check). */
async function signIn(userName: string, password: string) {
  fireEvent.change(await screen.findByLabelText('User name'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Nothing the console stores may hold a credential: no storage is used at all. */
function expectNothingStored() {
  expect(sessionStorage.length).toBe(0);
  expect(localStorage.length).toBe(0);
  expect(document.cookie).toBe('');
}

/** The password only ever travels in the one sign-in request, never as an Authorization header. */
function expectNoAuthorization(requests: RecordedRequest[]) {
  for (const request of requests) expect(request.headers.get('Authorization')).toBeNull();
}

describe('sign-in page', () => {
  it('sends a signed-out visitor to the sign-in page, with the user name focused', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 200, body: { workspaces: '' } }));
    const { router } = renderConsole({ fetch, path: '/workspaces' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(document.activeElement).toBe(screen.getByLabelText('User name'));
    expect(requests).toHaveLength(0);
  });

  it('says "Wrong user name or password" on 401, keeps no session and focuses the password', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 401, body: 'Wrong user name or password' }));
    const { sessionState } = renderConsole({ fetch, path: '/sign-in' });
    await signIn('admin', 'nope');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Wrong user name or password')).toBeTruthy();
    expect(sessionState.signedIn).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/geoserver/auth/session', credentials: 'same-origin' });
    expect(JSON.parse(requests[0].body!)).toEqual({ userName: 'admin', password: 'nope' });
    expect(requests[0].headers.get('Content-Type')).toBe('application/json');
    expect(requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expectNoAuthorization(requests);
    expectNothingStored();
  });

  it('asks for a user name before calling the server', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 200, body: { workspaces: '' } }));
    renderConsole({ fetch, path: '/sign-in' });
    await signIn('', 'x');
    expect(await screen.findByText('Enter your user name.')).toBeTruthy();
    expect(screen.getByLabelText('User name').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('on success signs in through the session endpoint, stores nothing and shows the workspaces at once', async () => {
    const { fetch, requests } = fakeFetch((request) =>
      request.url.endsWith('/auth/session')
        ? { status: 204 }
        : { status: 200, body: { workspaces: { workspace: [{ name: 'acme', href: 'http://h/geoserver/rest/workspaces/acme.json' }] } } },
    );
    const { router, sessionState } = renderConsole({ fetch, path: '/sign-in' });
    await signIn('admin', 'geoserver');
    expect(await screen.findByRole('rowheader', { name: 'acme' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/workspaces');
    expect(screen.getByText(/Signed in as/).textContent).toBe('Signed in as admin');
    expect(sessionState.signedIn).toEqual(ADMIN_SESSION);
    // The sign-in, then the list that fills the page: no third request.
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /geoserver/auth/session', 'GET /geoserver/rest/workspaces.json']);
    expect(requests[1].credentials).toBe('same-origin');
    expectNoAuthorization(requests);
    expectNothingStored();
    expect(document.body.innerHTML).not.toContain('geoserver"');
  });

  it('stays signed in after a reload: the cookie session is asked for at start', async () => {
    const { fetch } = fakeFetch(() => ({ status: 200, body: { workspaces: '' } }));
    renderConsole({ fetch, path: '/workspaces', session: ADMIN_SESSION });
    expect(await screen.findByText(/Signed in as/)).toBeTruthy();
    expect(screen.getByText(/Signed in as/).textContent).toBe('Signed in as admin');
  });

  it('Sign out ends the server session and returns to the sign-in page', async () => {
    const { fetch } = fakeFetch(() => ({ status: 200, body: { workspaces: '' } }));
    const { sessionState } = renderConsole({ fetch, path: '/workspaces', session: ADMIN_SESSION });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('You have signed out.')).toBeTruthy();
    expect(sessionState.signedIn).toBeNull();
  });

  it('ends the session when the server stops accepting it', async () => {
    const { fetch } = fakeFetch(() => ({ status: 401, body: 'Unauthorized' }));
    renderConsole({ fetch, path: '/workspaces', session: ADMIN_SESSION });
    expect(await screen.findByText(/no longer accepts your session/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy());
  });
});
