import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { legendGraphicUrl, qualifiedGroupName, wmsBaseFor, type LayerGroupRef } from '../../../api';
import { Alert, Button, EmptyState, LinkButton, PageHeader, Spinner } from '../../../ui';
import { useRestClient } from '../../auth';
import { layerGroupPagePath, useLayerGroup } from '../../layergroups';
import { PointerLine } from '../components/pointer-line';
import { WmsLayerMap, type WmsImageState } from '../components/wms-layer-map';
import { groupLonLatBox } from '../group-extent';
import './preview-page.css';

/** `ws:name` → a workspace's group, `name` → a global one. */
function parseGroupName(qualified: string): LayerGroupRef {
  const at = qualified.indexOf(':');
  return at < 0 ? { workspace: null, name: qualified } : { workspace: qualified.slice(0, at), name: qualified.slice(at + 1) };
}

/**
 * A layer group's preview at `/preview/groups/{ws:name|name}`: drawn by the WMS only (a group's
 * members each have their own style; the browser draws single layers), over the offline basemap,
 * fitted to the group's bounds, with the pointer's coordinates and the members' legends. Groups
 * are not queryable (docs/wms.md), so there is no identify.
 */
export default function GroupPreviewPage() {
  const { group: param = '' } = useParams();
  const ref = useMemo(() => parseGroupName(param), [param]);
  const qualified = qualifiedGroupName(ref);
  const group = useLayerGroup(ref);
  const rest = useRestClient();
  const wmsBase = wmsBaseFor(rest.base);
  const [image, setImage] = useState<{ state: WmsImageState; message?: string } | null>(null);
  const [pointer, setPointer] = useState<string | null>(null);
  const extent = useMemo(() => groupLonLatBox(group.data?.bounds), [group.data]);

  const header = (
    <PageHeader
      title={qualified}
      breadcrumbs={[
        { label: 'Layer preview', to: '/layer-preview' },
        { label: qualified, to: layerGroupPagePath(ref) },
      ]}
      description={group.data?.title || 'Layer group preview'}
    />
  );
  if (group.isPending) {
    return (
      <>
        {header}
        <div className="preview-page__map preview-page__map--loading" aria-busy="true">
          <Spinner label="Loading the layer group" />
        </div>
      </>
    );
  }
  if (group.error || !group.data) {
    return (
      <>
        {header}
        {group.error?.status === 404 ? (
          <EmptyState title={`There is no layer group ${qualified}`} action={<LinkButton to="/layer-preview">Layer preview</LinkButton>}>
            It may have been deleted, or the link is wrong.
          </EmptyState>
        ) : (
          <Alert tone="error" title="Could not load the layer group" actions={<Button onClick={() => void group.refetch()}>Retry</Button>}>
            {group.error?.message}
          </Alert>
        )}
      </>
    );
  }
  const layers = group.data.members.filter((m) => m.type === 'layer');
  return (
    <>
      {header}
      <div className="preview-page">
        <div className="preview-page__map-column">
          <WmsLayerMap
            className="preview-page__map"
            wmsBase={wmsBase}
            layer={qualified}
            extent={extent}
            label={`Map of ${qualified}, drawn by the WMS`}
            onImage={(state, message) => setImage({ state, message })}
            onPointer={setPointer}
          />
          {image?.state === 'error' ? (
            <p className="map-status map-status--error">{image.message}</p>
          ) : (
            <p className="map-status" role="status">
              {image?.state === 'loading' ? 'Drawing on the server…' : image?.state === 'loaded' ? 'Drawn by the WMS (GetMap)' : ''}
            </p>
          )}
          <PointerLine text={pointer} />
        </div>
        <aside className="preview-page__side" aria-label="Map information">
          <section className="preview-page__section" aria-labelledby="group-legend">
            <h2 id="group-legend" className="preview-page__heading">
              Legend
            </h2>
            {layers.length === 0 ? (
              <p>The group has no layers of its own.</p>
            ) : (
              <ul className="group-legend">
                {layers.map((member) => (
                  <li key={member.name}>
                    <span>{member.name}</span>
                    <img
                      src={legendGraphicUrl(
                        wmsBase,
                        member.name,
                        member.style ? `${member.style.workspace ? `${member.style.workspace}:` : ''}${member.style.name}` : undefined,
                      )}
                      alt={`Legend of ${member.name}`}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className="preview-page__note">A layer group is drawn by the server only; open a member's preview to draw it in the browser.</p>
        </aside>
      </div>
    </>
  );
}
