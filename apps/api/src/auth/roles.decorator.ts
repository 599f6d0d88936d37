import { SetMetadata } from '@nestjs/common';

/** Metadata key marking handlers only an ADMIN may call, even to read. */
export const ADMIN_ONLY = 'geocatalog:admin-only';

/** Marks a controller or handler as ADMIN-only for every method. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/** Metadata key marking handlers that run without authentication (they check credentials themselves). */
export const PUBLIC = 'geocatalog:public';

/** Marks a controller or handler as reachable without credentials. */
export const Public = () => SetMetadata(PUBLIC, true);
