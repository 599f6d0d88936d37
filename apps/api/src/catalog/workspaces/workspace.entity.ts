import { Workspace } from '@geocatalog/catalog-model';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { declareColumns } from '../../database/declared-columns';
import { VERSION_COLUMN } from '../../database/version-column';

declareColumns(Workspace);

/**
 * A workspace (`Workspace`) and its namespace: one row, since GeoServer pairs them one to one by
 * name; the namespace's URI is kept here.
 */
@Entity({ name: 'workspace' })
export class WorkspaceEntity extends Workspace {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

  /** Namespace URI, unique among non-isolated workspaces. */
  @Column({ name: 'namespace_uri', type: 'text' })
  namespaceUri!: string;

  /** At most one row is the default (partial unique index). */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;
}
