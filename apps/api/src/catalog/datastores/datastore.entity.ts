import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** A data store. `connectionParameters` keeps insertion order (a `json` column), `passwd` encrypted. */
@Entity({ name: 'data_store' })
export class DataStoreEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'workspace_id', type: 'integer' })
  workspaceId!: number;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace!: WorkspaceEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  type!: string | null;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** Parameter name → value, in the order the client sent them; `passwd` is `crypt2:…`. */
  @Column({ name: 'connection_parameters', type: 'json' })
  connectionParameters!: Record<string, string>;

  @Column({ name: 'disable_on_conn_failure', type: 'boolean', default: false })
  disableOnConnFailure!: boolean;

  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' })
  dateCreated!: Date;

  @Column({ name: 'date_modified', type: 'timestamptz', nullable: true })
  dateModified!: Date | null;
}
