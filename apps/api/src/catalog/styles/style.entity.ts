import { Style } from '@geocatalog/catalog-model';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { declareColumns } from '../../database/declared-columns';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { VERSION_COLUMN } from '../../database/version-column';

declareColumns(Style);

/** A style record (`Style`) and its SLD document (stored byte for byte; not loaded by listings). */
@Entity({ name: 'style' })
export class StyleEntity extends Style {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

  /** Null for a global style. */
  @Column({ name: 'workspace_id', type: 'integer', nullable: true })
  workspaceId!: number | null;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'workspace_id' })
  workspace!: WorkspaceEntity | null;

  /** The SLD document as uploaded; null until content is uploaded. */
  @Column({ type: 'bytea', nullable: true, select: false })
  content!: Buffer | null;
}
