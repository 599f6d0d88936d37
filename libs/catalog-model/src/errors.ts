/**
 * Every way a catalog operation can be refused. The api maps each code to one HTTP status in a
 * table typed over this union, so adding a code without a status does not compile.
 */
export type CatalogErrorCode =
  /** Body is not well-formed XML or JSON. */
  | 'MALFORMED_BODY'
  /** Body's root element names another kind of record. */
  | 'WRONG_ROOT'
  /** A required field is absent or empty. */
  | 'MISSING_FIELD'
  /** A field has a value of the wrong type or outside its range. */
  | 'INVALID_VALUE'
  /** A name breaks the name rule (see {@link checkName}). */
  | 'INVALID_NAME'
  /** SLD content that is not a valid SLD 1.0.0 / SE 1.1.0 document. */
  | 'INVALID_STYLE'
  /** No credentials, or credentials that do not match an enabled user. */
  | 'UNAUTHENTICATED'
  /** Authenticated, but the user's roles do not allow the operation. */
  | 'FORBIDDEN'
  /** A delete that would take other records along, asked without `recurse=true`. */
  | 'NOT_EMPTY'
  /** A record the body must not change (e.g. a workspace renamed to empty, a default style). */
  | 'NOT_CHANGEABLE'
  /** The resource, or a parent named in the path, does not exist. */
  | 'NOT_FOUND'
  /** The path exists but not with this method. */
  | 'METHOD_NOT_ALLOWED'
  /** A record with that name already exists where it would go. */
  | 'ALREADY_EXISTS'
  /** The write would leave the catalog in a state it must never be in (e.g. no enabled admin). */
  | 'CONFLICT'
  /**
   * A revert refused because a record it would put back changed after the change being reverted;
   * `?force=true` overwrites that later change (409).
   */
  | 'CHANGED_SINCE'
  /**
   * A revert that cannot apply whatever `force` says: a record now depends on one it would delete,
   * one it would bring back needs a record that is gone, or its name is taken now (409).
   */
  | 'REVERT_BLOCKED'
  /**
   * A layer's own restriction (its feature type's `cqlFilter`, or an attribute subset naming a column
   * the table lacks) cannot be applied, so it serves nothing rather than every row (409).
   */
  | 'CANNOT_APPLY'
  /** A data or service security rule, or a catalog mode, that GeoServer's rule syntax does not allow (422). */
  | 'INVALID_RULE'
  /** The body is larger than the limit for its kind. */
  | 'TOO_LARGE'
  /** The request's Content-Type is not one this path reads. */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** Too many attempts from this client (e.g. failed sign-ins); retry after a delay. */
  | 'TOO_MANY_REQUESTS'
  /** A data store's database could not be reached or did not answer in time. */
  | 'STORE_UNAVAILABLE'
  /** `If-Match` names a version of the record that is not its current one (412). */
  | 'PRECONDITION_FAILED'
  /** The server requires `If-Match` on this write and the request has none (428). */
  | 'PRECONDITION_REQUIRED'
  /** A data store is serving as many feature reads as it may; retry after a delay. */
  | 'STORE_BUSY'
  /** The catalog database itself failed. */
  | 'CATALOG_UNAVAILABLE'
  /** A fault of the service itself (a bug): never the client's fault. */
  | 'INTERNAL';

/** One located problem in a document (SLD issues, XML parse errors). */
export interface DocumentIssue {
  /** 1-based line of the problem. */
  line: number;
  /** 1-based column of the problem. */
  column: number;
  /** Stable machine-readable kind of the problem. */
  code: string;
  /** One sentence for a person. */
  message: string;
}

/**
 * A refusal raised by catalog code. It carries a code (the HTTP status is chosen by the api),
 * a one-sentence message naming the thing and the reason, and optional located issues.
 */
export class CatalogError extends Error {
  constructor(
    readonly code: CatalogErrorCode,
    message: string,
    readonly issues: DocumentIssue[] = [],
    /** Whole seconds after which a refused client may try again (`Retry-After`). */
    readonly retryAfterSeconds?: number,
    /** The record's current ETag, sent back with a 412 so the client can read it again. */
    readonly currentTag?: string,
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}
