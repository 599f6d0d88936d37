import { ServiceSettings, Settings, type SettingsService } from '@geocatalog/catalog-model';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { declareColumns } from '../database/declared-columns';
import { VERSION_COLUMN } from '../database/version-column';

declareColumns(Settings);
declareColumns(ServiceSettings);

/** The server's settings (`workspace_id` null) or a workspace's (`Settings`). */
@Entity({ name: 'settings' })
export class SettingsEntity extends Settings {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

  /** Null for the server's settings. */
  @Column({ name: 'workspace_id', type: 'integer', nullable: true })
  workspaceId!: number | null;
}

/** A service's settings (`ServiceSettings`), global (`workspace_id` null) or a workspace's. */
@Entity({ name: 'service_settings' })
export class ServiceSettingsEntity extends ServiceSettings {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column(VERSION_COLUMN)
  version!: string;

  @Column({ name: 'workspace_id', type: 'integer', nullable: true })
  workspaceId!: number | null;

  /** Which service: `wms` or `wfs` (the path's `{name}`). */
  @Column({ name: 'name', type: 'varchar', length: 16 })
  service!: SettingsService;
}
