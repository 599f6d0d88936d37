import { RepDocument } from '@geocatalog/catalog-model';
import { StreamedList } from './streamed-list';

/** A 201 answer: `Location` (absolute, no suffix) and the new name as text/plain. */
export class Created {
  constructor(
    readonly location: string,
    readonly name: string,
  ) {}
}

/** A 200 answer with an empty body (PUT, DELETE). */
export class Done {}

/** A 204 answer: done, nothing to say (signing in and out). */
export class NoContent {}

/** A document stored as bytes, returned as-is (an SLD, a zip, an import plan), with 200 unless told otherwise. */
export class RawContent {
  constructor(
    readonly contentType: string,
    readonly body: Buffer,
    readonly options: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}

/** One record's representation (or its raw content) with its ETag: 304 when `If-None-Match` names it. */
export class Tagged {
  constructor(
    readonly result: RepDocument | RawContent,
    readonly etag: string,
  ) {}
}

/** What a REST handler may return; anything else is a bug. */
export type RestResult = RepDocument | Created | Done | NoContent | RawContent | Tagged | StreamedList;
