import { useMemo, useState } from 'react';
import { qualifiedLayerName, type LayerRef } from '../../../api';
import { Alert, Skeleton, Spinner } from '../../../ui';
import { useFeaturesClient } from '../../auth';
import { useLayerDetails } from '../../layers';
import { useMapStyle } from '../hooks/use-map-style';
import { legendEntries } from '../sld-to-map-style';
import { IdentifyPanel } from './identify-panel';
import type { MapStatus } from '../map-status';
import { LayerMap, type IdentifiedFeature } from './layer-map';
import { Legend } from './legend';
import { MapStatusLine } from './map-status-line';
import './style-preview.css';

export interface StylePreviewProps {
  layer: LayerRef;
  /** The SLD text as typed, saved or not. */
  sld: string;
}

/**
 * A layer drawn with an SLD text that need not be saved: the style editor's live preview. The
 * text is converted again shortly after each change; the last drawable version stays on the map
 * while the text does not parse.
 */
export default function StylePreview({ layer, sld }: StylePreviewProps) {
  const qualified = qualifiedLayerName(layer);
  const { layer: record, featureType } = useLayerDetails(layer);
  const features = useFeaturesClient();
  const { mapStyle, converting } = useMapStyle(sld, 300);
  const [lastGood, setLastGood] = useState(mapStyle);
  if (mapStyle && mapStyle.style && mapStyle !== lastGood) setLastGood(mapStyle);
  const shown = mapStyle?.style ? mapStyle : lastGood;
  const legend = useMemo(() => (shown?.compiled ? legendEntries(shown.compiled) : []), [shown]);
  const [identified, setIdentified] = useState<IdentifiedFeature[] | null>(null);
  const [status, setStatus] = useState<MapStatus | null>(null);
  const box = featureType.data?.latLonBbox;
  const extent = useMemo<[number, number, number, number] | null>(() => (box ? [box.minx, box.miny, box.maxx, box.maxy] : null), [box]);

  if (featureType.isPending) return <Skeleton width="100%" />;
  if (featureType.error) return <Alert tone="error">{featureType.error.message}</Alert>;
  // The OGC API serves nothing of a disabled layer: nothing is asked for it.
  if (record.data?.enabled === false || featureType.data.enabled === false) {
    return <Alert tone="info">{qualified} is disabled, so it has no features to draw. Choose another layer.</Alert>;
  }

  return (
    <div className="style-preview">
      <LayerMap
        className="style-preview__map"
        collectionId={qualified}
        extent={extent}
        style={shown?.style ?? null}
        features={features}
        label={`Preview of ${qualified} with the edited style`}
        onIdentify={setIdentified}
        onStatus={setStatus}
      />
      <MapStatusLine status={status} />
      {mapStyle && mapStyle.errors.length > 0 && (
        <Alert tone="error" title="The preview shows the last version that could be drawn">
          {mapStyle.errors.join(' ')}
        </Alert>
      )}
      <div className="style-preview__legend">
        <h3 className="style-preview__heading">Legend {converting && <Spinner size="small" label="Updating" />}</h3>
        {shown ? <Legend entries={legend} /> : <Skeleton width="50%" />}
      </div>
      {identified && (
        <div className="style-preview__identify">
          <h3 className="style-preview__heading">Feature info</h3>
          <IdentifyPanel features={identified} />
        </div>
      )}
    </div>
  );
}
