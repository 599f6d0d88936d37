import { useEffect, useState } from 'react';
import type { LayerRef } from '../../../api';
import { geometryTypeOf, qualifiedLayerName } from '../../../api';
import { Badge, Skeleton, Switch, useToast } from '../../../ui';
import { useMayWrite } from '../../auth';
import { useLayerDetails, useUpdateLayer } from '../hooks/use-layers';
import { formatBox } from '../layer-paths';

/** The layer's title, from its feature type. */
export function LayerTitleCell({ layer }: { layer: LayerRef }) {
  const { featureType } = useLayerDetails(layer);
  if (featureType.isPending) return <Skeleton width="65%" />;
  return <>{featureType.data?.title || '—'}</>;
}

/** Declared CRS and geometry type. */
export function LayerCrsCell({ layer }: { layer: LayerRef }) {
  const { featureType } = useLayerDetails(layer);
  if (featureType.isPending) return <Skeleton width="50%" />;
  if (!featureType.data) return <>—</>;
  const geometry = geometryTypeOf(featureType.data.attributes);
  return (
    <span className="layer-cell__crs">
      <code>{featureType.data.srs || '—'}</code>
      {geometry && <span className="table__muted"> · {geometry}</span>}
    </span>
  );
}

/** The lat/lon bounding box. */
export function LayerBoxCell({ layer }: { layer: LayerRef }) {
  const { featureType } = useLayerDetails(layer);
  if (featureType.isPending) return <Skeleton width="80%" />;
  const box = featureType.data?.latLonBbox ?? null;
  if (!box) return <>—</>;
  const n = (value: number) => String(Number(value.toFixed(4)));
  // Two lines (lower-left corner, upper-right corner) keep the column narrow.
  return (
    <code className="layer-cell__box" title={formatBox(box)}>
      {n(box.minx)}, {n(box.miny)}
      <br />
      {n(box.maxx)}, {n(box.maxy)}
    </code>
  );
}

/**
 * An enabled switch that saves at once. In a table row its name is `ws:layer enabled` (hidden);
 * elsewhere it shows "Enabled" or "Disabled". A user who may not write sees only that word.
 */
export function LayerEnabledCell({ layer, visibleLabel = false }: { layer: LayerRef; visibleLabel?: boolean }) {
  const canWrite = useMayWrite(layer.workspace);
  const { layer: record } = useLayerDetails(layer);
  const update = useUpdateLayer();
  const toast = useToast();
  // The flipped value shows at once (set in the click itself), until the record catches up.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const stored = record.data?.enabled;
  useEffect(() => {
    if (optimistic !== null && stored === optimistic && !update.isPending) setOptimistic(null);
  }, [optimistic, stored, update.isPending]);
  if (record.isPending) return <Skeleton width="40px" />;
  if (!record.data) return <>—</>;
  const name = qualifiedLayerName(layer);
  if (!canWrite) return <Badge tone={record.data.enabled ? 'success' : 'neutral'}>{record.data.enabled ? 'Enabled' : 'Disabled'}</Badge>;
  return (
    <Switch
      label={visibleLabel ? ((optimistic ?? record.data.enabled) ? 'Enabled' : 'Disabled') : `${name} enabled`}
      labelHidden={!visibleLabel}
      checked={optimistic ?? record.data.enabled}
      disabled={update.isPending}
      onChange={(event) => {
        const enabled = event.target.checked;
        setOptimistic(enabled);
        update.mutate(
          { ref: layer, patch: { enabled } },
          {
            onSuccess: () => toast.success(`Layer ${name} ${enabled ? 'enabled' : 'disabled'}.`),
            onError: (error) => {
              setOptimistic(null);
              toast.error(`Layer ${name} was not changed: ${error.message}`);
            },
          },
        );
      }}
    />
  );
}
