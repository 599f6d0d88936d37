import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../api';
import { createQueryClient } from '../../../app/query-client';
import { fakeFetch, type FakeAnswer } from '../../../test/fake-rest';
import { withFakeSession } from '../../../test/fake-session';
import { ToastProvider } from '../../../ui';
import { AuthProvider, useAuth } from '../../auth';
import { RevertDialog } from './revert-dialog';

const CHANGE: Change = {
  seq: 8,
  time: '2026-03-04T05:06:07.000Z',
  user: 'ann',
  operation: 'create',
  kind: 'style',
  resource: '/workspaces/acme/styles/blue',
  request: 'r8',
  before: null,
  after: { style: { name: 'blue' } },
};

function problem(code: string, detail: string): FakeAnswer {
  return { status: 409, contentType: 'application/problem+json', body: { type: 'urn:x', title: 'Conflict', status: 409, code, detail } };
}

function SignedIn() {
  const { client } = useAuth();
  return client ? <RevertDialog change={CHANGE} onClose={() => undefined} /> : null;
}

/** The dialog for change 8, signed in, with the server refusing an unforced revert as `refusal` says. */
function openDialog(refusal: FakeAnswer) {
  const api = fakeFetch((request) => (request.url.includes('force=true') ? { status: 200 } : refusal));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider restBase="/geoserver/rest" fetch={withFakeSession(api.fetch, { signedIn: { userName: 'admin' } })}>
        <ToastProvider>
          <SignedIn />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  const posted = () => api.requests.filter((r) => r.method === 'POST').map((r) => r.url);
  return { posted };
}

describe('revert dialog', () => {
  it('offers "Revert anyway" when the only refusal is a later change (CHANGED_SINCE), and forces then', async () => {
    const { posted } = openDialog(problem('CHANGED_SINCE', 'Cannot revert change 8: /workspaces/acme/styles/blue changed after it (change 10 by ann).'));
    const dialog = await screen.findByRole('dialog', { name: 'Revert change 8?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await within(dialog).findByText(/changed after it \(change 10 by ann\)/)).toBeTruthy();
    expect(within(dialog).getByText('Reverting anyway overwrites the later change.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert anyway' }));
    expect(await screen.findByText(/Change 8 reverted/)).toBeTruthy();
    expect(posted()).toEqual(['/geoserver/rest/changes/8/revert', '/geoserver/rest/changes/8/revert?force=true']);
  });

  it.each([
    [
      'a record in the way (REVERT_BLOCKED)',
      problem('REVERT_BLOCKED', 'Cannot revert change 8: /workspaces/acme/layers/roads depends on /workspaces/acme/styles/blue.'),
    ],
    ['no administrator left (CONFLICT)', problem('CONFLICT', 'Cannot revert: it would leave no enabled administrator.')],
    ['a 409 without a code', { status: 409, body: 'Cannot revert change 8.' }],
  ])('shows the sentence and never offers force for %s', async (_case, refusal) => {
    const { posted } = openDialog(refusal);
    const dialog = await screen.findByRole('dialog', { name: 'Revert change 8?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await within(dialog).findByText(/Cannot revert/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Revert anyway' })).toBeNull();
    expect(within(dialog).queryByText(/Reverting anyway/)).toBeNull();
    // Confirming again asks the same, unforced.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(posted()).toHaveLength(2));
    expect(posted().every((url) => !url.includes('force'))).toBe(true);
  });
});
