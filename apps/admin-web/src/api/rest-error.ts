/** HTTP status used for a request that never got an answer (offline, server down, aborted). */
export const NO_RESPONSE = 0;

/** A problem the server located in a document it refused (an SLD), from an RFC 9457 answer. */
export interface RestIssue {
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  code: string;
  message: string;
}

/** A refused or failed REST call, with the server's one-sentence reason as the message. */
export class RestError extends Error {
  constructor(
    /** The HTTP status, or {@link NO_RESPONSE} when the server could not be reached. */
    readonly status: number,
    message: string,
    /** Located problems the server listed (SLD validation), when it answered with a problem document. */
    readonly issues: RestIssue[] = [],
    /** The `ETag` the refusal carried: on `412` the record's current version. */
    readonly etag: string | null = null,
    /** The problem document's stable `code` (e.g. `CHANGED_SINCE`), when the server sent one. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'RestError';
  }

  /** Missing or wrong credentials. */
  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** A conditional write (`If-Match`) refused because the record changed since it was read. */
  get isStale(): boolean {
    return this.status === 412;
  }

  /** The client's own mistake (4xx): retrying the same request cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** True for a {@link RestError} with the given status. */
export function isRestError(error: unknown, status?: number): error is RestError {
  return error instanceof RestError && (status === undefined || error.status === status);
}
