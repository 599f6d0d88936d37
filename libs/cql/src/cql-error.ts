/**
 * A filter that cannot be read or cannot be applied: the message names the token and its 1-based
 * character position in the filter's text (for CQL2 JSON: in the JSON text). Position 0 means the
 * filter as a whole (e.g. empty input).
 */
export class CqlError extends Error {
  constructor(
    message: string,
    /** 1-based character offset of `token` in the filter's text. */
    public readonly position: number,
    /** The text found at `position` ('' at the end of the input). */
    public readonly token: string,
  ) {
    super(`${message} (at position ${position}${token ? `, ${quoted(shorten(token))}` : ', end of filter'})`);
    this.name = 'CqlError';
  }
}

/** A JSON string token is shown as written (already quoted). */
function quoted(token: string): string {
  return /^".*"$/.test(token) ? token : `"${token}"`;
}

function shorten(token: string): string {
  return token.length > 40 ? `${token.slice(0, 40)}…` : token;
}
