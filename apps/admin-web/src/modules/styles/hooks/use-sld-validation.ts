import { validateSld, type SldValidationResult } from '@geocatalog/sld';
import { useDeferredValue, useMemo } from 'react';

/**
 * Live validation of the editor's text with libs/sld, the same checks the server runs. Deferred,
 * so that typing stays ahead of validating a long document.
 */
export function useSldValidation(text: string): SldValidationResult & { stale: boolean } {
  const deferred = useDeferredValue(text);
  const result = useMemo(() => validateSld(deferred), [deferred]);
  return { ...result, stale: deferred !== text };
}
