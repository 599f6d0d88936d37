import { Column, Entity, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { FeatureTypeEntity } from '../featuretypes/featuretype.entity';
import { StyleEntity } from '../styles/style.entity';

/** Attribution of a layer (GeoServer's `AttributionInfo`). */
export interface Attribution {
  title?: string;
  href?: string;
  logoURL?: string;
  logoType?: string;
  logoWidth: number;
  logoHeight: number;
}

/** The layer of a feature type: named like it, drawn with its default style. */
@Entity({ name: 'layer' })
export class LayerEntity {
  @PrimaryGeneratedColumn()
  id!: number;

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

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'boolean', default: true })
  advertised!: boolean;

  @Column({ type: 'boolean', nullable: true })
  queryable!: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  opaque!: boolean | null;

  @Column({ type: 'json', nullable: true })
  attribution!: Attribution | null;

  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' })
  dateCreated!: Date;

  @Column({ name: 'date_modified', type: 'timestamptz', nullable: true })
  dateModified!: Date | null;
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
