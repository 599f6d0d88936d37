import { get as getProjection } from 'ol/proj';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestClient, retryDelay } from '../../api';
import { featureLayer } from './feature-layer';
import type { MapStatus } from './map-status';

const EXTENT = [-1_000_000, -1_000_000, 1_000_000, 1_000_000];
const EMPTY_PAGE = JSON.stringify({ type: 'FeatureCollection', features: [], numberMatched: 0, links: [] });

/** A feature layer over a server that answers items with `statuses` in turn (then 200), and what it was asked. */
function layerOver(statuses: number[]) {
  const asked: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    asked.push(String(input));
    const status = statuses.shift() ?? 200;
    return status === 200
      ? new Response(EMPTY_PAGE, { status, headers: { 'Content-Type': 'application/geo+json' } })
      : new Response(`answer ${status}`, { status, headers: { 'Content-Type': 'text/plain' } });
  });
  const statusReports: Array<Partial<MapStatus>> = [];
  const controller = new AbortController();
  const layer = featureLayer(
    new RestClient({ restBase: '/geoserver/ogc/features/v1', fetch }),
    'acme:states',
    null,
    (c) => statusReports.push(c),
    controller.signal,
  );
  const source = layer.getSource()!;
  // What the map does on every frame: ask the source for the view's extent.
  const frame = () => source.loadFeatures(EXTENT, 1000, getProjection('EPSG:3857')!);
  return { asked, frame, statusReports, controller };
}

/** Lets the loader's promise chain run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the preview map’s feature loading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once for the items of a layer that answers 404, however many frames are drawn', async () => {
    const { asked, frame, statusReports } = layerOver([404, 404, 404]);
    frame();
    await settle();
    for (let i = 0; i < 120; i++) {
      frame();
      await vi.advanceTimersByTimeAsync(16);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    frame();
    await settle();
    expect(asked).toHaveLength(1);
    expect(statusReports.some((r) => r.error === 'answer 404')).toBe(true);
  });

  it('asks again after a server failure only after the back-off, and stops after a success', async () => {
    const { asked, frame } = layerOver([503, 503]);
    frame();
    await settle();
    expect(asked).toHaveLength(1);
    // Frames before the back-off ends ask nothing.
    for (let i = 0; i < 10; i++) {
      frame();
      await vi.advanceTimersByTimeAsync(retryDelay(0) / 20);
    }
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(retryDelay(0));
    frame();
    await settle();
    expect(asked).toHaveLength(2);
    // The second wait is longer than the first.
    await vi.advanceTimersByTimeAsync(retryDelay(0) + 10);
    frame();
    await settle();
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    frame();
    await settle();
    expect(asked).toHaveLength(3);
    // Loaded: nothing more, however long the map stays open.
    await vi.advanceTimersByTimeAsync(120_000);
    frame();
    await settle();
    expect(asked).toHaveLength(3);
  });

  it('sends no retry once the map is gone', async () => {
    const { asked, frame, controller } = layerOver([503]);
    frame();
    await settle();
    controller.abort();
    await vi.advanceTimersByTimeAsync(120_000);
    frame();
    await settle();
    expect(asked).toHaveLength(1);
  });
});
