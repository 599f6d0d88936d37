import { Spinner } from '../../../ui';
import type { MapStatus } from '../map-status';

/** "56 features drawn" / "Loading…" / "5000 features drawn; more match the view (preview capped)" / vector tiles / the load error. */
export function MapStatusLine({ status }: { status: MapStatus | null }) {
  if (!status) return null;
  if (status.error) return <p className="map-status map-status--error">Features could not be loaded: {status.error}</p>;
  return (
    <p className="map-status" role="status">
      {status.loading && <Spinner size="small" />}
      {status.tiles ? tilesText(status) : featuresText(status)}
    </p>
  );
}

function featuresText(status: MapStatus): string {
  if (status.loading) return ' Loading features…';
  if (status.capped) return `${status.loaded} features drawn; ${status.matched ?? 'more'} match the view (preview capped)`;
  return `${status.loaded} ${status.loaded === 1 ? 'feature' : 'features'} drawn`;
}

function tilesText(status: MapStatus): string {
  const count = status.matched === null ? 'A large layer' : `${status.matched} features`;
  return `${status.loading ? ' ' : ''}${count}: drawn from vector tiles${status.loading ? ', loading…' : ''}`;
}
