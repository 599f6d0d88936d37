import type { Role } from '@geocatalog/catalog-model';

/** Who made a request. */
export interface Principal {
  userName: string;
  roles: Role[];
  /** The SHA-256 of the console session token it signed in with; absent for Basic credentials. */
  session?: string;
}
