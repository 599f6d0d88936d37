import { featureItemsUrl, featuresBaseFor, getMapUrl, legendGraphicUrl, wmsBaseFor, type LayerGroupRef, type LayerRef } from '../../../api';
import { Skeleton } from '../../../ui';
import { useLayerDetails } from '../../layers';
import { useLayerGroup } from '../../layergroups';

/** The service's WMS and OGC API bases, from the REST base the console uses. */
export interface ServiceBases {
  wms: string;
  features: string;
}

export const serviceBases = (restBase: string): ServiceBases => ({ wms: wmsBaseFor(restBase), features: featuresBaseFor(restBase) });

/** A link that opens in a new tab (a PNG, a JSON document): the console stays where it is. */
function OutLink({ href, label, children }: { href: string; label: string; children: string }) {
  return (
    <a className="layer-preview__link" href={href} target="_blank" rel="noreferrer" aria-label={label}>
      {children}
    </a>
  );
}

/**
 * A layer's PNG (GetMap over its lat/lon box — read from its feature type, for the rows shown
 * only), its GeoJSON (OGC API Features items) and its legend (GetLegendGraphic).
 */
export function LayerLinks({ layer, qualified, bases }: { layer: LayerRef; qualified: string; bases: ServiceBases }) {
  const { featureType } = useLayerDetails(layer);
  const box = featureType.data?.latLonBbox;
  return (
    <span className="layer-preview__links">
      {featureType.isPending ? (
        <Skeleton width="28px" />
      ) : box ? (
        <OutLink href={getMapUrl(bases.wms, qualified, [box.minx, box.miny, box.maxx, box.maxy])} label={`PNG of ${qualified}`}>
          PNG
        </OutLink>
      ) : (
        <span className="table__muted" title="The layer has no lat/lon box yet">
          PNG
        </span>
      )}
      <OutLink href={featureItemsUrl(bases.features, qualified)} label={`GeoJSON of ${qualified}`}>
        GeoJSON
      </OutLink>
      <OutLink href={legendGraphicUrl(bases.wms, qualified)} label={`Legend of ${qualified}`}>
        Legend
      </OutLink>
    </span>
  );
}

/** A group's PNG (GetMap over its bounds, in their CRS) and the legend; a group has no GeoJSON. */
export function GroupLinks({ group, qualified, bases }: { group: LayerGroupRef; qualified: string; bases: ServiceBases }) {
  const record = useLayerGroup(group);
  const bounds = record.data?.bounds;
  return (
    <span className="layer-preview__links">
      {record.isPending ? (
        <Skeleton width="28px" />
      ) : bounds ? (
        <OutLink href={getMapUrl(bases.wms, qualified, [bounds.minx, bounds.miny, bounds.maxx, bounds.maxy], bounds.crs)} label={`PNG of ${qualified}`}>
          PNG
        </OutLink>
      ) : (
        <span className="table__muted" title="The group has no bounds yet">
          PNG
        </span>
      )}
      <span className="table__muted" title="A layer group has no features of its own">
        GeoJSON
      </span>
      <OutLink href={legendGraphicUrl(bases.wms, qualified)} label={`Legend of ${qualified}`}>
        Legend
      </OutLink>
    </span>
  );
}
