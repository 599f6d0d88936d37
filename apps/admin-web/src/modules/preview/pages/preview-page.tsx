import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { parseLayerName, qualifiedLayerName, qualifiedStyleName, sameStyle, wmsBaseFor, type StyleRef } from '../../../api';
import { Alert, Badge, Button, EmptyState, LinkButton, PageHeader, SelectField, Skeleton, Spinner, useToast } from '../../../ui';
import { useFeaturesClient, useRestClient, useTilesClient } from '../../auth';
import { layerPagePath, useLayerDetails } from '../../layers';
import { AttributeTable, type FeatureRow } from '../components/attribute-table';
import { DisabledLayer, type DisabledPart } from '../components/disabled-layer';
import { IdentifyPanel } from '../components/identify-panel';
import { LayerMap, type IdentifiedFeature } from '../components/layer-map';
import type { MapStatus } from '../map-status';
import { Legend } from '../components/legend';
import { MapStatusLine } from '../components/map-status-line';
import { PointerLine } from '../components/pointer-line';
import { WmsLayerMap, type WmsImageState } from '../components/wms-layer-map';
import { useLargeLayer } from '../hooks/use-large-layer';
import { useMapStyle } from '../hooks/use-map-style';
import { useStyleSld } from '../hooks/use-style-sld';
import { drawModeOf, previewMode, type DrawMode } from '../preview-mode';
import type { MapSelection } from '../selection-layer';
import { legendEntries } from '../sld-to-map-style';
import './preview-page.css';

/**
 * The layer preview at `/preview/{ws}:{layer}`: by default the server draws it (WMS GetMap images,
 * identify by GetFeatureInfo); with `?mode=client` the browser does — the layer's features from the
 * OGC API or, for a layer of more than 50,000 features (see preview-mode.ts), its vector tiles —
 * with its SLD (default, or `?style=` among the layer's styles). Both over the offline basemap,
 * with the pointer's coordinates, a legend, click-to-identify and a link to share.
 */
export default function PreviewPage() {
  const { layer: param = '' } = useParams();
  const ref = useMemo(() => parseLayerName(param), [param]);
  const qualified = qualifiedLayerName(ref);
  const [params, setParams] = useSearchParams();
  const { layer, featureType } = useLayerDetails(ref);
  const features = useFeaturesClient();
  const rest = useRestClient();
  const wmsBase = wmsBaseFor(rest.base);
  const drawMode = drawModeOf(params.get('mode'));
  const tiles = useTilesClient();
  // A disabled layer (or feature type) has no features to ask for: nothing is sent for it.
  const disabled: DisabledPart | null = layer.data?.enabled === false ? 'layer' : featureType.data?.enabled === false ? 'featureType' : null;
  const large = useLargeLayer(drawMode === 'client' && layer.data && !featureType.isPending && !disabled ? qualified : '');
  // A failed probe leaves the preview on features, which say why they cannot load.
  const mode = large.isError ? 'features' : previewMode(large.data);
  const toast = useToast();
  const [identified, setIdentified] = useState<IdentifiedFeature[] | null>(null);
  const [status, setStatus] = useState<MapStatus | null>(null);
  const [image, setImage] = useState<{ state: WmsImageState; message?: string } | null>(null);
  const [pointer, setPointer] = useState<string | null>(null);
  // The attribute table's filter (in the link, `?filter=`) narrows every drawing mode; its selected row is drawn on the map.
  const filter = params.get('filter') ?? '';
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const attributeNames = useMemo(
    () => (featureType.data?.attributes ?? []).filter((a) => !a.binding.includes('.jts.geom.')).map((a) => a.name),
    [featureType.data],
  );
  function select(row: FeatureRow, zoom: boolean) {
    setSelection((current) => ({ id: row.id, geometry: row.geometry, zoom: (current?.zoom ?? 0) + (zoom ? 1 : 0) }));
  }

  /** Changes some of the link's parameters, keeping the others (mode and style are independent). */
  function setParam(name: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  }
  function setDrawMode(next: DrawMode) {
    setIdentified(null);
    setStatus(null);
    setImage(null);
    setParam('mode', next === 'client' ? 'client' : null);
  }

  const styles = useMemo<StyleRef[]>(() => {
    if (!layer.data) return [];
    const list = layer.data.defaultStyle ? [layer.data.defaultStyle] : [];
    for (const style of layer.data.styles) if (!list.some((s) => sameStyle(s, style))) list.push(style);
    return list;
  }, [layer.data]);
  const requested = params.get('style');
  const style = styles.find((s) => qualifiedStyleName(s) === requested) ?? styles[0] ?? null;
  const sld = useStyleSld(style);
  const { mapStyle, converting } = useMapStyle(sld.data);
  const legend = useMemo(() => (mapStyle?.compiled ? legendEntries(mapStyle.compiled) : []), [mapStyle]);
  const box = featureType.data?.latLonBbox;
  const extent = useMemo<[number, number, number, number] | null>(() => (box ? [box.minx, box.miny, box.maxx, box.maxy] : null), [box]);

  async function copyLink() {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link to this preview copied.');
    } catch {
      toast.error(`Copying is not allowed here; the link is ${url}`);
    }
  }

  const header = (
    <PageHeader
      title={qualified}
      breadcrumbs={[
        { label: 'Layers', to: '/layers' },
        { label: qualified, to: layerPagePath(ref) },
      ]}
      description={featureType.data?.title && featureType.data.title !== ref.name ? featureType.data.title : 'Layer preview'}
      actions={
        layer.data && (
          <Button variant="primary" onClick={() => void copyLink()}>
            Copy link
          </Button>
        )
      }
    />
  );

  if (layer.isPending || (layer.data && featureType.isPending)) {
    return (
      <>
        {header}
        <div className="preview-page" aria-busy="true">
          <div className="preview-page__map preview-page__map--loading">
            <Spinner label="Loading the layer" />
          </div>
          <aside className="preview-page__side">
            <Skeleton width="70%" />
            <Skeleton width="50%" />
          </aside>
        </div>
      </>
    );
  }
  if (layer.error || !layer.data) {
    return (
      <>
        {header}
        {layer.error?.status === 404 ? (
          <EmptyState title={`There is no layer ${qualified}`} action={<LinkButton to="/layers">All layers</LinkButton>}>
            It may have been deleted, or the link is wrong.
          </EmptyState>
        ) : (
          <Alert tone="error" title="Could not load the layer" actions={<Button onClick={() => void layer.refetch()}>Retry</Button>}>
            {layer.error?.message}
          </Alert>
        )}
      </>
    );
  }

  return (
    <>
      {header}
      <div className="preview-page">
        <div className="preview-page__map-column">
          {!disabled && (
            <div className="preview-page__modes" role="group" aria-label="Drawn by">
              <Button small variant={drawMode === 'wms' ? 'primary' : 'ghost'} aria-pressed={drawMode === 'wms'} onClick={() => setDrawMode('wms')}>
                Server (WMS)
              </Button>
              <Button small variant={drawMode === 'client' ? 'primary' : 'ghost'} aria-pressed={drawMode === 'client'} onClick={() => setDrawMode('client')}>
                Browser (vectors)
              </Button>
            </div>
          )}
          {disabled ? (
            <DisabledLayer layer={ref} part={disabled} />
          ) : drawMode === 'wms' ? (
            <WmsLayerMap
              key={`wms-${style ? qualifiedStyleName(style) : ''}`}
              className="preview-page__map"
              wmsBase={wmsBase}
              layer={qualified}
              style={style && style !== styles[0] ? qualifiedStyleName(style) : ''}
              extent={extent}
              cqlFilter={filter}
              selection={selection}
              identifyClient={rest}
              label={`Map of ${qualified}, drawn by the WMS`}
              onIdentify={setIdentified}
              onImage={(state, message) => setImage({ state, message })}
              onPointer={setPointer}
            />
          ) : mode === undefined ? (
            <div className="preview-page__map preview-page__map--loading">
              <Spinner label="Counting the layer's features" />
            </div>
          ) : (
            <LayerMap
              key={mode}
              className="preview-page__map"
              collectionId={qualified}
              extent={extent}
              style={mapStyle?.style ?? null}
              features={features}
              tiles={mode === 'tiles' ? tiles : null}
              featureCount={null}
              filter={filter}
              selection={selection}
              label={`Map of ${qualified}`}
              onIdentify={setIdentified}
              onStatus={setStatus}
              onPointer={setPointer}
            />
          )}
          {!disabled && drawMode === 'wms' && <WmsImageLine image={image} />}
          {!disabled && drawMode === 'client' && <MapStatusLine status={status} />}
          {!disabled && <PointerLine text={pointer} />}
        </div>
        <aside className="preview-page__side" aria-label="Map information">
          <section className="preview-page__section" aria-labelledby="preview-style">
            <h2 id="preview-style" className="preview-page__heading">
              Style
            </h2>
            {styles.length > 1 ? (
              <SelectField
                label="Draw with"
                value={style ? qualifiedStyleName(style) : ''}
                onChange={(event) => {
                  const value = event.target.value;
                  setParam('style', value === qualifiedStyleName(styles[0]) ? null : value);
                }}
              >
                {styles.map((s, index) => (
                  <option key={qualifiedStyleName(s)} value={qualifiedStyleName(s)}>
                    {qualifiedStyleName(s)}
                    {index === 0 ? ' (default)' : ''}
                  </option>
                ))}
              </SelectField>
            ) : (
              style && (
                <p className="preview-page__style-name">
                  <code>{qualifiedStyleName(style)}</code> <Badge tone="brand">Default</Badge>
                </p>
              )
            )}
            {style && (
              <Link
                className="preview-page__edit"
                to={`/styles/${style.workspace ? `${encodeURIComponent(style.workspace)}/` : ''}${encodeURIComponent(style.name)}`}
              >
                Edit this style
              </Link>
            )}
          </section>
          <section className="preview-page__section" aria-labelledby="preview-legend">
            <h2 id="preview-legend" className="preview-page__heading">
              Legend {converting && <Spinner size="small" label="Updating" />}
            </h2>
            {sld.error ? (
              <Alert tone="error">The style could not be read: {sld.error.message}</Alert>
            ) : mapStyle?.errors.length ? (
              <Alert tone="error" title="The browser cannot draw this SLD">
                {mapStyle.errors.join(' ')}
              </Alert>
            ) : mapStyle ? (
              <Legend entries={legend} />
            ) : (
              <Skeleton width="60%" />
            )}
            {mapStyle && mapStyle.warnings.length > 0 && (
              <details className="preview-page__warnings">
                <summary>{mapStyle.warnings.length} parts of the style are not drawn as written (here and by GetMap)</summary>
                <ul>
                  {mapStyle.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </details>
            )}
          </section>
          {!disabled && (
            <section className="preview-page__section" aria-labelledby="preview-identify">
              <h2 id="preview-identify" className="preview-page__heading">
                Feature info
              </h2>
              <IdentifyPanel features={identified} />
            </section>
          )}
          <section className="preview-page__section" aria-labelledby="preview-share">
            <h2 id="preview-share" className="preview-page__heading">
              Share
            </h2>
            <label className="preview-page__share">
              <span>Link to this preview</span>
              <input className="field__input" readOnly value={window.location.href} onFocus={(event) => event.target.select()} />
            </label>
          </section>
        </aside>
      </div>
      {!disabled && (
        <AttributeTable
          features={features}
          collectionId={qualified}
          attributeNames={attributeNames}
          filter={filter}
          onFilter={(next) => {
            setSelection(null);
            setParam('filter', next || null);
          }}
          selectedId={selection?.id ?? null}
          onSelect={select}
        />
      )}
    </>
  );
}

/** "Drawn by the WMS" / loading / the failure, under the server-drawn map. */
function WmsImageLine({ image }: { image: { state: WmsImageState; message?: string } | null }) {
  if (image?.state === 'error') return <p className="map-status map-status--error">{image.message}</p>;
  return (
    <p className="map-status" role="status">
      {image?.state === 'loading' ? (
        <>
          <Spinner size="small" /> Drawing on the server…
        </>
      ) : image?.state === 'loaded' ? (
        'Drawn by the WMS (GetMap)'
      ) : (
        ''
      )}
    </p>
  );
}
