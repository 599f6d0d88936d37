import { SetMetadata } from '@nestjs/common';

/** Metadata key marking handlers only an ADMIN may call, even to read. */
export const ADMIN_ONLY = 'geocatalog:admin-only';

/** Marks a controller or handler as ADMIN-only for every method. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/** Metadata key marking handlers that run without authentication (they check credentials themselves). */
export const PUBLIC = 'geocatalog:public';

/** Marks a controller or handler as reachable without credentials. */
export const Public = () => SetMetadata(PUBLIC, true);

/** Metadata key marking the map and feature read paths (WMS, OGC API Features and Tiles). */
export const READ_PATH = 'geocatalog:read-path';

/**
 * Marks a controller as a map or feature read path (contract §12): a request without credentials
 * goes on as the anonymous caller, and the data rules (`ReadAccess`) decide what it may read;
 * credentials sent are checked as everywhere (wrong ones are a 401).
 */
export const ReadPath = () => SetMetadata(READ_PATH, true);
