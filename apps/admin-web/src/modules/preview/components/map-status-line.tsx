import { Spinner } from '../../../ui';
import type { MapStatus } from './layer-map';

/** "56 features drawn" / "Loading…" / "5000 features drawn; more match the view (preview capped)" / the load error. */
export function MapStatusLine({ status }: { status: MapStatus | null }) {
  if (!status) return null;
  if (status.error) return <p className="map-status map-status--error">Features could not be loaded: {status.error}</p>;
  return (
    <p className="map-status" role="status">
      {status.loading && <Spinner size="small" />}
      {status.loading
        ? ' Loading features…'
        : status.capped
          ? `${status.loaded} features drawn; ${status.matched ?? 'more'} match the view (preview capped)`
          : `${status.loaded} ${status.loaded === 1 ? 'feature' : 'features'} drawn`}
    </p>
  );
}
