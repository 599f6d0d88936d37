import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeatureType } from '../../../api';
import { fakeFetch, type RecordedRequest } from '../../../test/fake-rest';
import { renderSignedIn } from '../../../test/render-signed-in';
import { FeatureFilterCard } from './feature-filter-card';

const PATH = '/workspaces/acme/datastores/pg/featuretypes/states';

/** Items of a 56-feature layer (3 pass `name = 'Texas'`), numberMatched on every page; the PUT answered 200. */
function answer(request: RecordedRequest) {
  if (request.method === 'PUT') return { status: 200, body: '' };
  const filter = new URL(request.url, 'http://h').searchParams.get('filter');
  const matched = filter ? 3 : 56;
  return { status: 200, body: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 1, properties: {}, geometry: null }], numberMatched: matched } };
}

function renderCard(cqlFilter: string | null, canWrite = true) {
  const { fetch, requests } = fakeFetch(answer);
  const featureType = { name: 'states', nativeName: 'states', attributes: [], cqlFilter } as unknown as FeatureType;
  renderSignedIn(<FeatureFilterCard collectionId="acme:states" featureType={featureType} path={PATH} canWrite={canWrite} countable />, fetch);
  return requests;
}

describe('FeatureFilterCard', () => {
  afterEach(cleanup);

  it('counts the features that pass, checks a draft as typed (position marked, Save blocked), counts a valid draft and saves it', async () => {
    const requests = renderCard(null);
    await screen.findByText('56 features pass (no filter)');
    const box = screen.getByLabelText('Filter (cqlFilter, ECQL)');
    fireEvent.change(box, { target: { value: "name = 'Texas' AND" } });
    await screen.findByText(/position 19/);
    expect((screen.getByRole('button', { name: 'Save filter' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: "name = 'Texas'" } });
    await screen.findByText('3 features pass this draft');
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe(`/geoserver/rest${PATH}`);
    expect(JSON.parse(put.body!)).toEqual({ featureType: { cqlFilter: "name = 'Texas'" } });
  }, 15_000);

  it('shows a saved filter read-only to a user who may not write', async () => {
    renderCard("name = 'Texas'", false);
    await screen.findByText('3 features pass the saved filter');
    expect((screen.getByLabelText('Filter (cqlFilter, ECQL)') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save filter' })).toBeNull();
  }, 15_000);
});
