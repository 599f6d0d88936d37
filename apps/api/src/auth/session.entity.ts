import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A console session. Only the SHA-256 of the cookie's token is stored, so a leaked table (or a
 * backup) signs nobody in. Rows go with their user (ON DELETE CASCADE).
 */
@Entity({ name: 'app_session' })
export class SessionEntity {
  /** Hex SHA-256 of the token sent in the cookie. */
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** Moved forward at most once a minute; the idle limit counts from here. */
  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt!: Date;

  /** The absolute limit, fixed at sign-in. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
