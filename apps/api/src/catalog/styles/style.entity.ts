import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** A style record and its SLD document (stored byte for byte; not loaded by listings). */
@Entity({ name: 'style' })
export class StyleEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Null for a global style. */
  @Column({ name: 'workspace_id', type: 'integer', nullable: true })
  workspaceId!: number | null;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'workspace_id' })
  workspace!: WorkspaceEntity | null;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 32, default: 'sld' })
  format!: string;

  @Column({ name: 'language_version', type: 'varchar', length: 16, default: '1.0.0' })
  languageVersion!: string;

  @Column({ type: 'varchar', length: 512 })
  filename!: string;

  /** The SLD document as uploaded; null until content is uploaded. */
  @Column({ type: 'bytea', nullable: true, select: false })
  content!: Buffer | null;

  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' })
  dateCreated!: Date;

  @Column({ name: 'date_modified', type: 'timestamptz', nullable: true })
  dateModified!: Date | null;
}
