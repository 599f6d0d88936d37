import { CreateCatalog1763740000000 } from './1763740000000-create-catalog';

/** Every migration, oldest first. The schema is only ever changed by adding one here. */
export const MIGRATIONS = [CreateCatalog1763740000000];
