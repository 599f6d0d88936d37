import { Column, Entity, OneToMany, PrimaryColumn, PrimaryGeneratedColumn, JoinColumn, ManyToOne } from 'typeorm';
import type { Role } from '@geocatalog/catalog-model';
import { VERSION_COLUMN } from '../database/version-column';

/** A user account; the password is an scrypt hash, never returned. */
@Entity({ name: 'app_user' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Changes on every committed write (the ETag comes from it). */
  @Column(VERSION_COLUMN)
  version!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** The name folded by `caseInsensitiveNameKey`: unique, so `Admin` cannot join `admin`. */
  @Column({ name: 'name_key', type: 'text' })
  nameKey!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @OneToMany(() => UserRoleEntity, (r) => r.user, { eager: false })
  roles!: UserRoleEntity[];

  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' })
  dateCreated!: Date;
}

/** A role granted to a user. */
@Entity({ name: 'user_role' })
export class UserRoleEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  role!: Role;

  @ManyToOne(() => UserEntity, (u) => u.roles, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user!: UserEntity;
}
