import { LayerGroup } from '@geocatalog/catalog-model';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { declareColumns } from '../../database/declared-columns';
import { VERSION_COLUMN } from '../../database/version-column';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

declareColumns(LayerGroup);

/** A layer group (`LayerGroup`); its members are rows of `layer_group_member`. */
@Entity({ name: 'layer_group' })
export class LayerGroupEntity extends LayerGroup {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write, members included (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

  /** Null for a global group. */
  @Column({ name: 'workspace_id', type: 'integer', nullable: true })
  workspaceId!: number | null;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'workspace_id' })
  workspace!: WorkspaceEntity | null;
}

/** One member of a group, in order: a layer or another group, and its style (null: the member's default). */
@Entity({ name: 'layer_group_member' })
export class LayerGroupMemberEntity {
  @PrimaryColumn({ name: 'group_id', type: 'integer' })
  groupId!: number;

  @PrimaryColumn({ type: 'integer' })
  position!: number;

  @Column({ name: 'layer_id', type: 'integer', nullable: true })
  layerId!: number | null;

  @Column({ name: 'member_group_id', type: 'integer', nullable: true })
  memberGroupId!: number | null;

  @Column({ name: 'style_id', type: 'integer', nullable: true })
  styleId!: number | null;
}
