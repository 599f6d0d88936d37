import { FeatureType } from '@geocatalog/catalog-model';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { declareColumns } from '../../database/declared-columns';
import type { AttributeInfo } from '../../datastores/postgis/postgis.types';
import { DataStoreEntity } from '../datastores/datastore.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { VERSION_COLUMN } from '../../database/version-column';

declareColumns(FeatureType);

/**
 * A published table: the declared fields (`FeatureType`) plus what only the catalog keeps. Its
 * name is unique in the workspace's namespace; it has at most one layer.
 */
@Entity({ name: 'feature_type' })
export class FeatureTypeEntity extends FeatureType {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

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

  /** WKT of the declared CRS, as laid out for output. */
  @Column({ name: 'native_crs_wkt', type: 'text', nullable: true })
  nativeCrsWkt!: string | null;

  @Column({ name: 'native_crs_projected', type: 'boolean', default: false })
  nativeCrsProjected!: boolean;

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
