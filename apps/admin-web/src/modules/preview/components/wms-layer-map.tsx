import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import ImageLayer from 'ol/layer/Image';
import VectorLayer from 'ol/layer/Vector';
import ImageWMS from 'ol/source/ImageWMS';
import VectorSource from 'ol/source/Vector';
import { useEffect, useRef } from 'react';
import 'ol/ol.css';
import { parseFeatureInfo, type RestClient } from '../../../api';
import { createPreviewMap } from '../preview-map';
import { HIGHLIGHT, selectionFollower, selectionLayer, type MapSelection } from '../selection-layer';
import type { IdentifiedFeature } from './layer-map';
import './layer-map.css';

/** How the last GetMap image went. */
export type WmsImageState = 'loading' | 'loaded' | 'error';

export interface WmsLayerMapProps {
  /** The WMS endpoint (`/geoserver/wms`). */
  wmsBase: string;
  /** `LAYERS`: a layer (`ws:name`) or a layer group. */
  layer: string;
  /** `STYLES`: empty for the default. */
  style?: string;
  /** Lat/lon box `[minx, miny, maxx, maxy]` the view is fitted to. */
  extent: [number, number, number, number] | null;
  /** `CQL_FILTER` (ECQL) on what is drawn and identified; '' for none. */
  cqlFilter?: string;
  /** The attribute table's selected feature, drawn over the image. */
  selection?: MapSelection | null;
  /** A client with the user's session, for GetFeatureInfo; identify is off without one (layer groups are not queryable). */
  identifyClient?: RestClient | null;
  label: string;
  onIdentify?: (features: IdentifiedFeature[]) => void;
  onImage?: (state: WmsImageState, message?: string) => void;
  onPointer?: (text: string | null) => void;
  className?: string;
}

/** Features a click asks GetFeatureInfo for. */
const FEATURE_COUNT = 20;

/**
 * The server-drawn preview: one WMS GetMap image per view (OpenLayers `ImageWMS`, PNG, transparent)
 * over the offline basemap; a click (or Enter on the focused map, at its centre) asks GetFeatureInfo
 * in `application/json` and outlines the features found.
 */
export function WmsLayerMap(props: WmsLayerMapProps) {
  const { wmsBase, layer, style, extent, cqlFilter = '', selection = null, identifyClient, label, onIdentify, onImage, onPointer, className } = props;
  const targetRef = useRef<HTMLDivElement>(null);
  const sourceRef = useRef<ImageWMS | null>(null);
  const filterRef = useRef(cqlFilter);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const followRef = useRef<((selection: MapSelection | null) => void) | null>(null);
  const callbacks = useRef({ onIdentify, onImage, onPointer });
  callbacks.current = { onIdentify, onImage, onPointer };
  const extentRef = useRef(extent);
  extentRef.current = extent;

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const source = new ImageWMS({
      url: wmsBase,
      params: { LAYERS: layer, STYLES: style ?? '', FORMAT: 'image/png', TRANSPARENT: true, VERSION: '1.1.1', CQL_FILTER: filterRef.current || undefined },
      projection: 'EPSG:3857',
      ratio: 1,
      crossOrigin: 'anonymous',
    });
    source.on('imageloadstart', () => callbacks.current.onImage?.('loading'));
    source.on('imageloadend', () => callbacks.current.onImage?.('loaded'));
    source.on('imageloaderror', () => callbacks.current.onImage?.('error', 'The WMS did not answer with an image'));
    const image = new ImageLayer({ source });
    const highlightSource = new VectorSource();
    const highlight = new VectorLayer({ source: highlightSource, style: HIGHLIGHT });
    const selected = selectionLayer();
    const map = createPreviewMap({
      target,
      layers: [image, selected.layer, highlight],
      extent: extentRef.current,
      onPointer: (text) => callbacks.current.onPointer?.(text),
    });
    const view = map.getView();
    sourceRef.current = source;
    followRef.current = selectionFollower(map, selected.show, selectionRef.current);
    const controller = new AbortController();
    const geojson = new GeoJSON();

    const identifyAt = async (pixel: number[]) => {
      const resolution = view.getResolution();
      if (!identifyClient || resolution === undefined) return;
      const url = source.getFeatureInfoUrl(map.getCoordinateFromPixel(pixel), resolution, 'EPSG:3857', {
        INFO_FORMAT: 'application/json',
        FEATURE_COUNT,
      });
      if (!url) return;
      try {
        const body = await identifyClient.getJson(new URL(url, window.location.href).href, controller.signal);
        highlightSource.clear();
        try {
          const found = geojson.readFeatures(body, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
          found.forEach((feature) => {
            const geometry = feature.getGeometry();
            if (geometry) highlightSource.addFeature(new Feature({ geometry }));
          });
        } catch {
          // Outlines are a courtesy: the attributes below are what identify answers.
        }
        callbacks.current.onIdentify?.(parseFeatureInfo(body));
      } catch (error) {
        if (controller.signal.aborted) return;
        callbacks.current.onImage?.('error', `GetFeatureInfo failed: ${(error as Error).message}`);
      }
    };
    map.on('singleclick', (event) => void identifyAt(event.pixel));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== target) return;
      const size = map.getSize();
      if (size) void identifyAt([size[0] / 2, size[1] / 2]);
    };
    target.addEventListener('keydown', onKey);
    const resize = new ResizeObserver(() => map.updateSize());
    resize.observe(target);
    return () => {
      controller.abort();
      resize.disconnect();
      target.removeEventListener('keydown', onKey);
      map.setTarget(undefined);
      map.dispose();
      sourceRef.current = null;
      followRef.current = null;
    };
  }, [wmsBase, layer, style, identifyClient]);

  useEffect(() => {
    if (cqlFilter === filterRef.current) return;
    filterRef.current = cqlFilter;
    sourceRef.current?.updateParams({ CQL_FILTER: cqlFilter || undefined });
  }, [cqlFilter]);

  useEffect(() => {
    followRef.current?.(selection);
  }, [selection]);

  return (
    <div
      ref={targetRef}
      className={`layer-map${className ? ` ${className}` : ''}`}
      tabIndex={0}
      role="application"
      aria-label={`${label}. Arrow keys pan, plus and minus zoom${identifyClient ? ', Enter identifies the features at the centre' : ''}.`}
    />
  );
}
