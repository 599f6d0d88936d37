import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A workspace and its namespace: one row, since GeoServer pairs them one to one by name. */
@Entity({ name: 'workspace' })
export class WorkspaceEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Namespace URI, unique among non-isolated workspaces. */
  @Column({ name: 'namespace_uri', type: 'text' })
  namespaceUri!: string;

  @Column({ type: 'boolean', default: false })
  isolated!: boolean;

  /** At most one row is the default (partial unique index). */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' })
  dateCreated!: Date;

  @Column({ name: 'date_modified', type: 'timestamptz', nullable: true })
  dateModified!: Date | null;
}
