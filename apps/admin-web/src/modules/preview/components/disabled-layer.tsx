import { qualifiedLayerName, type LayerRef } from '../../../api';
import { EmptyState, LinkButton } from '../../../ui';
import { useMayWrite } from '../../auth';
import { layerPagePath } from '../../layers';

/** What is disabled: the layer itself, or the feature type (table) it publishes. */
export type DisabledPart = 'layer' | 'featureType';

/**
 * Said in place of the map of a disabled layer: the OGC API serves no features for it (its items
 * answer 404), so the preview asks nothing. A user who may write gets the way to enable it.
 */
export function DisabledLayer({ layer, part }: { layer: LayerRef; part: DisabledPart }) {
  const canWrite = useMayWrite(layer.workspace);
  const qualified = qualifiedLayerName(layer);
  return (
    <div className="preview-page__map preview-page__map--loading" role="region" aria-label={`Map of ${qualified}`}>
      <EmptyState
        title={part === 'layer' ? 'This layer is disabled' : 'The feature type of this layer is disabled'}
        action={
          canWrite &&
          part === 'layer' && (
            <LinkButton variant="primary" to={layerPagePath(layer)}>
              Enable it on the layer page
            </LinkButton>
          )
        }
      >
        {part === 'layer'
          ? `Services do not publish ${qualified} while it is disabled, so there are no features to draw.`
          : `Services do not publish the table behind ${qualified} while its feature type is disabled, so there are no features to draw.`}
        {!canWrite && ' An administrator can enable it.'}
      </EmptyState>
    </div>
  );
}
