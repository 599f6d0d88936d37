import VectorLayer from 'ol/layer/Vector';
import { bbox as bboxStrategy } from 'ol/loadingstrategy';
import VectorSource from 'ol/source/Vector';
import type { StyleLike } from 'ol/style/Style';
import { retryDelay, shouldRetry, type RestClient } from '../../api';
import type { MapStatus } from './map-status';
import { loadExtent } from './feature-loader';

/**
 * The features of `collectionId` passing `filter()` (read at each load; refresh the source when it
 * changes) loaded by extent from the OGC API (bbox strategy), reported as
 * they load. A failed extent stays marked as loaded: OpenLayers would otherwise ask for it again
 * on the very next frame, about sixty times a second. A refusal (4xx, e.g. the items of a layer
 * disabled meanwhile) is not asked again; other failures are, after the console's back-off
 * (api/retry-policy.ts), a few times.
 */
export function featureLayer(
  features: RestClient,
  collectionId: string,
  style: StyleLike | null,
  report: (change: Partial<MapStatus>) => void,
  signal: AbortSignal,
  filter: () => string = () => '',
): VectorLayer<VectorSource> {
  let pending = 0;
  let retried = 0;
  const source: VectorSource = new VectorSource({
    strategy: bboxStrategy,
    loader: (extent, _resolution, projection, success, failure) => {
      pending++;
      report({ loading: true, error: null });
      loadExtent(features, collectionId, extent, projection, signal, filter())
        .then((result) => {
          retried = 0;
          source.addFeatures(result.features);
          success?.(result.features);
          report({ loaded: source.getFeatures().length, matched: result.matched, capped: result.capped });
        })
        .catch((error: unknown) => {
          failure?.();
          if (signal.aborted) return;
          report({ error: (error as Error).message });
          if (!shouldRetry(retried, error)) return;
          const timer = setTimeout(() => {
            source.removeLoadedExtent(extent);
            source.changed();
          }, retryDelay(retried++));
          signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
        })
        .finally(() => {
          pending--;
          if (!signal.aborted) report({ loading: pending > 0 });
        });
    },
  });
  return new VectorLayer({ source, style: style ?? undefined });
}
