import { Layer } from '@geocatalog/catalog-model';
import { Column, Entity, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { FeatureTypeEntity } from '../featuretypes/featuretype.entity';
import { declareColumns } from '../../database/declared-columns';
import { StyleEntity } from '../styles/style.entity';
import { VERSION_COLUMN } from '../../database/version-column';

declareColumns(Layer);

/** The layer of a feature type (`Layer`): named like it, drawn with its default style. */
@Entity({ name: 'layer' })
export class LayerEntity extends Layer {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

  @Column({ name: 'feature_type_id', type: 'integer' })
  featureTypeId!: number;

  @OneToOne(() => FeatureTypeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'feature_type_id' })
  featureType!: FeatureTypeEntity;

  @Column({ name: 'default_style_id', type: 'integer', nullable: true })
  defaultStyleId!: number | null;

  @ManyToOne(() => StyleEntity, { nullable: true })
  @JoinColumn({ name: 'default_style_id' })
  defaultStyle!: StyleEntity | null;
}

/** An alternate style of a layer, in the order they were added. */
@Entity({ name: 'layer_style' })
export class LayerStyleEntity {
  @PrimaryColumn({ name: 'layer_id', type: 'integer' })
  layerId!: number;

  @PrimaryColumn({ name: 'style_id', type: 'integer' })
  styleId!: number;

  @ManyToOne(() => StyleEntity)
  @JoinColumn({ name: 'style_id' })
  style!: StyleEntity;

  @Column({ type: 'integer' })
  position!: number;
}
