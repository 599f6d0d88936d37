import type { FeatureTypeEntity } from '../featuretypes/featuretype.entity';
import type { StyleEntity } from '../styles/style.entity';
import type { LayerEntity } from './layer.entity';

/** A layer with everything its representation names. */
export interface LocatedLayer {
  layer: LayerEntity;
  featureType: FeatureTypeEntity;
  workspace: string;
  store: string;
  /** Alternate styles, in the order they were added. */
  styles: StyleEntity[];
}
