import { SetMetadata } from '@nestjs/common';

/** Metadata key of routes whose handler asks the access decision itself (see {@link HandlerDecides}). */
export const HANDLER_DECIDES = 'geocatalog:access-handler-decides';

/**
 * Marks a controller or route whose records are not named by its path (the history: a change
 * number), so the {@link AccessCheck} cannot tell what it reads or writes: the handler asks
 * the one decision ({@link AccessService}, `record-access.ts`) for every record it answers or writes.
 */
export const HandlerDecides = () => SetMetadata(HANDLER_DECIDES, true);
