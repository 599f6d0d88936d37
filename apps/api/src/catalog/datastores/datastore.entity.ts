import { DataStore } from '@geocatalog/catalog-model';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { declareColumns } from '../../database/declared-columns';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { VERSION_COLUMN } from '../../database/version-column';

declareColumns(DataStore);

/** A data store (`DataStore`). `connectionParameters` keeps insertion order (a `json` column), `passwd` encrypted. */
@Entity({ name: 'data_store' })
export class DataStoreEntity extends DataStore {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

  @Column({ name: 'workspace_id', type: 'integer' })
  workspaceId!: number;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace!: WorkspaceEntity;
}
