import type { Role } from '@geocatalog/catalog-model';

/** Who made a request. */
export interface Principal {
  userName: string;
  roles: Role[];
}
