import type { ChangeOperation } from '../../../api';
import type { BadgeTone } from '../../../ui';

/** "created", "updated", "deleted". */
export const operationWords = (operation: ChangeOperation): string => ({ create: 'created', update: 'updated', delete: 'deleted' })[operation];

export const operationTone = (operation: ChangeOperation): BadgeTone => ({ create: 'success', update: 'info', delete: 'danger' })[operation] as BadgeTone;

/** `dataStore` → "data store". */
export const kindWords = (kind: string): string => kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
