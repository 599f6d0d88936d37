import { CqlError, parseCql, type CqlLanguage } from '@geocatalog/cql';
import { filterErrorPosition } from '../../api';

/** What is wrong with a filter text, and where: a 1-based character position (0: the filter as a whole). */
export interface FilterProblem {
  message: string;
  position: number;
}

/**
 * The shared parser's verdict on a filter (`@geocatalog/cql`, the one the server reads it with):
 * null when it reads (or is empty), else the problem at its position. The server may still refuse
 * what only it can check (a property the layer does not publish, a type mismatch): see
 * {@link problemOfRefusal}.
 */
export function checkFilter(text: string, lang: CqlLanguage = 'cql2-text'): FilterProblem | null {
  if (!text.trim()) return null;
  try {
    parseCql(text, lang);
    return null;
  } catch (error) {
    if (error instanceof CqlError) return { message: error.message, position: error.position };
    throw error;
  }
}

/** A server's refusal of a filter (its 400 sentence) as a problem at the position it names (0 when it names none). */
export function problemOfRefusal(error: Error): FilterProblem {
  return { message: error.message, position: filterErrorPosition(error.message) ?? 0 };
}
