import OlMap from 'ol/Map';
import View from 'ol/View';
import type Feature from 'ol/Feature';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import { isEmpty, type Extent } from 'ol/extent';
import Graticule from 'ol/layer/Graticule';
import VectorLayer from 'ol/layer/Vector';
import { bbox as bboxStrategy } from 'ol/loadingstrategy';
import { transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import Stroke from 'ol/style/Stroke';
import Style, { type StyleLike } from 'ol/style/Style';
import { useEffect, useRef } from 'react';
import 'ol/ol.css';
import type { RestClient } from '../../../api';
import { loadExtent } from '../feature-loader';
import './layer-map.css';

/** A feature the user clicked: its id and attributes (no geometry). */
export interface IdentifiedFeature {
  id: string;
  properties: Record<string, unknown>;
}

/** How loading the map's features went. */
export interface MapStatus {
  loading: boolean;
  /** Features on the map. */
  loaded: number;
  /** Features matching the last loaded extent, when the server says. */
  matched: number | null;
  capped: boolean;
  error: string | null;
}

export interface LayerMapProps {
  /** The OGC API collection (`ws:layer`). */
  collectionId: string;
  /** Lat/lon box `[minx, miny, maxx, maxy]` the view is fitted to. */
  extent: [number, number, number, number] | null;
  /** The layer's style; OpenLayers' default when null. */
  style: StyleLike | null;
  features: RestClient;
  /** Accessible name of the map. */
  label: string;
  onIdentify?: (features: IdentifiedFeature[]) => void;
  onStatus?: (status: MapStatus) => void;
  className?: string;
}

const HIGHLIGHT = [
  new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 5 }) }),
  new Style({ stroke: new Stroke({ color: '#f59e0b', width: 2.5 }) }),
];

/** Web Mercator cannot show the poles: lat/lon boxes are clamped before fitting. */
const MERCATOR_LAT = 85;

/**
 * An OpenLayers map of one layer: no basemap (the service is offline-friendly), a faint graticule,
 * features loaded by extent from the OGC API (bbox strategy) and drawn with `style`. The map is
 * focusable: arrow keys pan, + and − zoom, Enter identifies what is at the centre.
 */
export function LayerMap({ collectionId, extent, style, features, label, onIdentify, onStatus, className }: LayerMapProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<VectorLayer<VectorSource> | null>(null);
  const callbacks = useRef({ onIdentify, onStatus });
  callbacks.current = { onIdentify, onStatus };
  const styleRef = useRef(style);
  styleRef.current = style;

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const status: MapStatus = { loading: false, loaded: 0, matched: null, capped: false, error: null };
    let pending = 0;
    const report = (change: Partial<MapStatus>) => {
      Object.assign(status, change);
      callbacks.current.onStatus?.({ ...status });
    };
    const controller = new AbortController();

    const source = new VectorSource({
      strategy: bboxStrategy,
      loader: (loadExtentArg, _resolution, projection, success, failure) => {
        pending++;
        report({ loading: true, error: null });
        loadExtent(features, collectionId, loadExtentArg, projection, controller.signal)
          .then((result) => {
            source.addFeatures(result.features);
            success?.(result.features);
            report({ loaded: source.getFeatures().length, matched: result.matched, capped: result.capped });
          })
          .catch((error: unknown) => {
            source.removeLoadedExtent(loadExtentArg);
            failure?.();
            if (!controller.signal.aborted) report({ error: (error as Error).message });
          })
          .finally(() => {
            pending--;
            if (!controller.signal.aborted) report({ loading: pending > 0 });
          });
      },
    });
    const vector = new VectorLayer({ source, style: styleRef.current ?? undefined });
    layerRef.current = vector;
    const highlightSource = new VectorSource();
    const highlight = new VectorLayer({ source: highlightSource, style: HIGHLIGHT });

    const view = new View({ center: [0, 0], zoom: 2, maxZoom: 22 });
    const map = new OlMap({
      target,
      view,
      layers: [
        new Graticule({ strokeStyle: new Stroke({ color: 'rgba(100, 116, 139, 0.28)', width: 1 }), showLabels: false, wrapX: false }),
        vector,
        highlight,
      ],
      controls: defaultControls({ attribution: false, rotate: false }).extend([new ScaleLine()]),
    });

    if (extent) {
      const [minx, miny, maxx, maxy] = extent;
      const box: Extent = transformExtent([minx, Math.max(miny, -MERCATOR_LAT), maxx, Math.min(maxy, MERCATOR_LAT)], 'EPSG:4326', 'EPSG:3857');
      if (!isEmpty(box) && box.every(Number.isFinite)) view.fit(box, { padding: [24, 24, 24, 24], maxZoom: 18, size: map.getSize() ?? [800, 600] });
    }

    const identifyAt = (pixel: number[]) => {
      const hits = map.getFeaturesAtPixel(pixel, { hitTolerance: 3, layerFilter: (layer) => layer === vector }) as Feature[];
      highlightSource.clear();
      hits.slice(0, 20).forEach((feature) => {
        const geometry = feature.getGeometry();
        if (geometry) highlightSource.addFeature(new (feature.constructor as typeof Feature)({ geometry }));
      });
      callbacks.current.onIdentify?.(
        hits.map((feature) => {
          const { geometry: _geometry, ...properties } = feature.getProperties();
          return { id: String(feature.getId() ?? ''), properties };
        }),
      );
    };
    map.on('singleclick', (event) => identifyAt(event.pixel));
    map.on('pointermove', (event) => {
      if (event.dragging) return;
      const hit = map.hasFeatureAtPixel(event.pixel, { hitTolerance: 3, layerFilter: (layer) => layer === vector });
      target.style.cursor = hit ? 'pointer' : '';
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== target) return;
      const size = map.getSize();
      if (size) identifyAt([size[0] / 2, size[1] / 2]);
    };
    target.addEventListener('keydown', onKey);

    // The map follows its container's size (the side panel can wrap under it).
    const resize = new ResizeObserver(() => map.updateSize());
    resize.observe(target);

    return () => {
      controller.abort();
      resize.disconnect();
      target.removeEventListener('keydown', onKey);
      map.setTarget(undefined);
      map.dispose();
      layerRef.current = null;
    };
    // The extent fits the view once per collection; later changes must not jump the view.
  }, [collectionId, features]);

  useEffect(() => {
    layerRef.current?.setStyle(style ?? undefined);
  }, [style]);

  return (
    <div
      ref={targetRef}
      className={`layer-map${className ? ` ${className}` : ''}`}
      tabIndex={0}
      role="application"
      aria-label={`${label}. Arrow keys pan, plus and minus zoom, Enter identifies the feature at the centre.`}
    />
  );
}
