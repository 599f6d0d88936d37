import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { AttributeInfo, Box } from '../../datastores/postgis/postgis.types';
import { DataStoreEntity } from '../datastores/datastore.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** A published table. Its name is unique in the workspace's namespace; it has at most one layer. */
@Entity({ name: 'feature_type' })
export class FeatureTypeEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'data_store_id', type: 'integer' })
  dataStoreId!: number;

  @ManyToOne(() => DataStoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'data_store_id' })
  dataStore!: DataStoreEntity;

  @Column({ name: 'workspace_id', type: 'integer' })
  workspaceId!: number;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace!: WorkspaceEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'native_name', type: 'varchar', length: 255 })
  nativeName!: string;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'text', nullable: true })
  abstract!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'json' })
  keywords!: string[];

  /** WKT of the declared CRS, as laid out for output. */
  @Column({ name: 'native_crs_wkt', type: 'text', nullable: true })
  nativeCrsWkt!: string | null;

  @Column({ name: 'native_crs_projected', type: 'boolean', default: false })
  nativeCrsProjected!: boolean;

  /** Declared CRS code, e.g. `EPSG:4326`. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  srs!: string | null;

  @Column({ name: 'native_bbox', type: 'json', nullable: true })
  nativeBbox!: Box | null;

  @Column({ name: 'latlon_bbox', type: 'json', nullable: true })
  latLonBbox!: Box | null;

  @Column({ name: 'projection_policy', type: 'varchar', length: 32 })
  projectionPolicy!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'boolean', default: true })
  advertised!: boolean;

  @Column({ name: 'max_features', type: 'integer', default: 0 })
  maxFeatures!: number;

  @Column({ name: 'num_decimals', type: 'integer', default: 0 })
  numDecimals!: number;

  @Column({ name: 'overriding_service_srs', type: 'boolean', default: false })
  overridingServiceSrs!: boolean;

  @Column({ name: 'circular_arc_present', type: 'boolean', default: false })
  circularArcPresent!: boolean;

  /** Attributes as read at publication (or last recalculation): the fallback when the store is down. */
  @Column({ type: 'json' })
  attributes!: AttributeInfo[];

  /** Geometry type of the default geometry column (PostGIS name), null without geometry. */
  @Column({ name: 'geometry_type', type: 'varchar', length: 64, nullable: true })
  geometryType!: string | null;

  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' })
  dateCreated!: Date;

  @Column({ name: 'date_modified', type: 'timestamptz', nullable: true })
  dateModified!: Date | null;
}
