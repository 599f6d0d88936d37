import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { geometryTypeOf, isRestError, qualifiedLayerName, qualifiedStyleName, sameStyle, type Layer, type StyleRef } from '../../../api';
import { Alert, Badge, Button, Card, EmptyState, LinkButton, PageHeader, SelectField, Skeleton, Table, useToast } from '../../../ui';
import { useMayWrite } from '../../auth';
import { historyResource, RecordHistory } from '../../history';
import { LayerEnabledCell } from '../components/layer-cells';
import { DeleteLayersDialog } from '../components/delete-layers-dialog';
import { FeatureFilterCard } from '../components/feature-filter-card';
import { useLayerDetails, useUpdateLayer } from '../hooks/use-layers';
import { useStyleChoices } from '../hooks/use-style-choices';
import { formatBox, previewPath } from '../layer-paths';
import './layer-page.css';

/** One layer: its data (title, store, CRS, boxes, attributes), enabled, its styles, preview, delete. */
export function LayerPage() {
  const { workspace = '', layer: name = '' } = useParams();
  const ref = { workspace, name };
  const qualified = qualifiedLayerName(ref);
  const { layer, featureType } = useLayerDetails(ref);
  const toast = useToast();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const canWrite = useMayWrite(workspace);

  const notFound = isRestError(layer.error, 404);
  return (
    <>
      <PageHeader
        title={qualified}
        breadcrumbs={[
          { label: 'Layers', to: '/layers' },
          { label: workspace, to: `/layers?workspace=${encodeURIComponent(workspace)}` },
        ]}
        description={featureType.data?.title && featureType.data.title !== name ? featureType.data.title : undefined}
        actions={
          layer.data && (
            <>
              <LinkButton variant="primary" to={previewPath(ref)}>
                Preview
              </LinkButton>
              {canWrite && (
                <Button variant="danger" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      {layer.isPending ? (
        <Card title="Data">
          <div className="layer-page__loading" aria-busy="true">
            <Skeleton width="40%" />
            <Skeleton width="65%" />
            <Skeleton width="50%" />
          </div>
        </Card>
      ) : notFound ? (
        <Card title="Not found">
          <EmptyState title={`There is no layer ${qualified}`} action={<LinkButton to="/layers">All layers</LinkButton>}>
            It may have been deleted, or the link is wrong.
          </EmptyState>
        </Card>
      ) : layer.error ? (
        <Alert tone="error" title="Could not load the layer" actions={<Button onClick={() => void layer.refetch()}>Retry</Button>}>
          {layer.error.message}
        </Alert>
      ) : (
        <div className="layer-page">
          <Card title="Data">
            {featureType.isPending ? (
              <Skeleton width="60%" />
            ) : featureType.error ? (
              <Alert tone="error">{featureType.error.message}</Alert>
            ) : (
              <dl className="layer-page__facts">
                <dt>Title</dt>
                <dd>{featureType.data.title || '—'}</dd>
                <dt>Table</dt>
                <dd>
                  <code>{featureType.data.nativeName}</code>
                </dd>
                <dt>Data store</dt>
                <dd>
                  {featureType.data.namespace && featureType.data.store ? (
                    <Link to={`/stores/${encodeURIComponent(featureType.data.namespace)}/${encodeURIComponent(featureType.data.store)}`}>
                      {featureType.data.namespace}:{featureType.data.store}
                    </Link>
                  ) : (
                    '—'
                  )}
                </dd>
                <dt>CRS</dt>
                <dd>
                  <code>{featureType.data.srs}</code>
                  {geometryTypeOf(featureType.data.attributes) && <Badge>{geometryTypeOf(featureType.data.attributes)}</Badge>}
                </dd>
                <dt>Native box</dt>
                <dd>
                  <code>{formatBox(featureType.data.nativeBbox ?? null)}</code>
                </dd>
                <dt>Lat/lon box</dt>
                <dd>
                  <code>{formatBox(featureType.data.latLonBbox ?? null)}</code>
                </dd>
                <dt>Enabled</dt>
                <dd>
                  <LayerEnabledCell layer={ref} visibleLabel />
                </dd>
              </dl>
            )}
          </Card>
          {featureType.data && layer.data.resourcePath && (
            <FeatureFilterCard
              collectionId={qualified}
              featureType={featureType.data}
              path={layer.data.resourcePath}
              canWrite={canWrite}
              countable={layer.data.enabled !== false && featureType.data.enabled !== false}
            />
          )}
          <Card title="Styles">{canWrite ? <LayerStylesForm key={layer.dataUpdatedAt} layer={layer.data} /> : <LayerStylesList layer={layer.data} />}</Card>
          {featureType.data && (
            <Card title="Attributes" flush className="layer-page__attributes">
              <Table caption={`Attributes of ${qualified}`}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                  </tr>
                </thead>
                <tbody>
                  {featureType.data.attributes.map((attribute) => (
                    <tr key={attribute.name}>
                      <th scope="row">
                        <code>{attribute.name}</code>
                      </th>
                      <td className="table__muted">{attribute.binding.slice(attribute.binding.lastIndexOf('.') + 1)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Card>
          )}
          <div className="layer-page__history">
            <RecordHistory resource={historyResource.layer(workspace, name)} what={`layer ${qualified}`} />
          </div>
        </div>
      )}
      <DeleteLayersDialog
        layers={deleting ? [ref] : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          toast.success(`Layer ${qualified} deleted.`);
          navigate('/layers');
        }}
      />
    </>
  );
}

const keyOf = (style: StyleRef) => qualifiedStyleName(style);

/** The layer's styles as text, for a user who may not change them. */
function LayerStylesList({ layer }: { layer: Layer }) {
  return (
    <dl className="layer-page__facts">
      <dt>Default style</dt>
      <dd>{layer.defaultStyle ? <code>{keyOf(layer.defaultStyle)}</code> : '—'}</dd>
      <dt>Other styles</dt>
      <dd>{layer.styles.length ? layer.styles.map((style) => <code key={keyOf(style)}>{keyOf(style)} </code>) : '—'}</dd>
    </dl>
  );
}

/** The default style and the additional ones (which the preview's style switcher offers). */
function LayerStylesForm({ layer }: { layer: Layer }) {
  const { styles, error } = useStyleChoices(layer.workspace);
  const update = useUpdateLayer();
  const toast = useToast();
  const [defaultKey, setDefaultKey] = useState(layer.defaultStyle ? keyOf(layer.defaultStyle) : '');
  const [extra, setExtra] = useState<ReadonlySet<string>>(new Set(layer.styles.map(keyOf)));
  const qualified = qualifiedLayerName(layer);

  if (error) return <Alert tone="error">{error.message}</Alert>;
  if (!styles) return <Skeleton width="50%" />;
  const byKey = new Map(styles.map((style) => [keyOf(style), style]));
  if (layer.defaultStyle && !byKey.has(keyOf(layer.defaultStyle))) byKey.set(keyOf(layer.defaultStyle), layer.defaultStyle);
  const dirty =
    defaultKey !== (layer.defaultStyle ? keyOf(layer.defaultStyle) : '') ||
    extra.size !== layer.styles.length ||
    layer.styles.some((style) => !extra.has(keyOf(style)));

  return (
    <form
      className="layer-page__styles"
      onSubmit={(event) => {
        event.preventDefault();
        const defaultStyle = byKey.get(defaultKey);
        const additional = [...extra].map((key) => byKey.get(key)).filter((s): s is StyleRef => !!s && !sameStyle(s, defaultStyle));
        update.mutate(
          { ref: layer, patch: { defaultStyle, styles: additional } },
          {
            onSuccess: () => toast.success(`Styles of ${qualified} saved.`),
          },
        );
      }}
    >
      <SelectField
        label="Default style"
        value={defaultKey}
        onChange={(event) => setDefaultKey(event.target.value)}
        hint="Drawn when a map asks for the layer without a style."
      >
        {[...byKey.keys()].map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </SelectField>
      <fieldset className="layer-page__extra">
        <legend>Other styles offered in the preview</legend>
        {[...byKey.keys()]
          .filter((key) => key !== defaultKey)
          .map((key) => (
            <label key={key} className="layer-page__check">
              <input
                type="checkbox"
                checked={extra.has(key)}
                onChange={(event) =>
                  setExtra((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(key);
                    else next.delete(key);
                    return next;
                  })
                }
              />
              {key}
            </label>
          ))}
      </fieldset>
      {update.error && <Alert tone="error">{update.error.message}</Alert>}
      <div>
        <Button type="submit" variant="primary" disabled={!dirty} busy={update.isPending}>
          Save styles
        </Button>
      </div>
    </form>
  );
}
