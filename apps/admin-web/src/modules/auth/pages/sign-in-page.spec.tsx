import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../test/fake-rest';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';
import { readSession } from '../session-store';

function signIn(userName: string, password: string) {
  fireEvent.change(screen.getByLabelText('User name'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
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
    const { fetch, requests } = fakeFetch(() => ({ status: 401, body: 'Unauthorized' }));
    renderConsole({ fetch, path: '/sign-in' });
    signIn('admin', 'nope');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Wrong user name or password')).toBeTruthy();
    expect(readSession()).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(requests[0].url).toBe('/geoserver/rest/workspaces.json');
    expect(requests[0].headers.get('Authorization')).toBe(`Basic ${btoa('admin:nope')}`);
    expect(requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('asks for a user name before calling the server', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 200, body: { workspaces: '' } }));
    renderConsole({ fetch, path: '/sign-in' });
    signIn('', 'x');
    expect(await screen.findByText('Enter your user name.')).toBeTruthy();
    expect(screen.getByLabelText('User name').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('on success keeps the session for the tab, shows who is signed in and the workspaces at once', async () => {
    const { fetch, requests } = fakeFetch(() => ({
      status: 200,
      body: { workspaces: { workspace: [{ name: 'acme', href: 'http://h/geoserver/rest/workspaces/acme.json' }] } },
    }));
    const { router } = renderConsole({ fetch, path: '/sign-in' });
    signIn('admin', 'geoserver');
    expect(await screen.findByRole('rowheader', { name: 'acme' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/workspaces');
    expect(screen.getByText(/Signed in as/).textContent).toBe('Signed in as admin');
    expect(readSession()).toEqual(ADMIN_SESSION);
    // The sign-in answer filled the list: no second request.
    expect(requests).toHaveLength(1);
  });

  it('Sign out forgets the session and returns to the sign-in page', async () => {
    const { fetch } = fakeFetch(() => ({ status: 200, body: { workspaces: '' } }));
    renderConsole({ fetch, path: '/workspaces', session: ADMIN_SESSION });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('You have signed out.')).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it('ends the session when the server stops accepting the credentials', async () => {
    const { fetch } = fakeFetch(() => ({ status: 401, body: 'Unauthorized' }));
    renderConsole({ fetch, path: '/workspaces', session: ADMIN_SESSION });
    expect(await screen.findByText(/no longer accepts your credentials/)).toBeTruthy();
    await waitFor(() => expect(readSession()).toBeNull());
  });
});
