import { CatalogError } from '@geocatalog/catalog-model';
import Busboy from 'busboy';
import type { RawBody } from '../rest/rest-params';
import type { DirFiles } from './data-directory';
import { filesFromZip } from './zip-files';

/** `ws:store` → the clear password to use for that store (the `secrets` part of an import). */
export type ImportSecrets = Map<string, string>;

/** What an import request brings: the directory's files and the secrets. */
export interface ImportBody {
  files: DirFiles;
  secrets: ImportSecrets;
}

/** Largest `secrets` part. */
const MAX_SECRETS_BYTES = 1024 * 1024;

/**
 * Reads an import body (contract §8): `application/zip`, or `multipart/form-data` with a
 * `datadir` part (the zip) and an optional `secrets` part (a JSON object `{"ws:store": "password"}`).
 * 415 for another media type; 400 for a multipart body without `datadir`, or bad secrets.
 */
export async function readImportBody(body: RawBody, contentTypeHeader: string): Promise<ImportBody> {
  if (body.contentType === 'application/zip' || body.contentType === 'application/x-zip-compressed') {
    return { files: filesFromZip(body.bytes), secrets: new Map() };
  }
  if (body.contentType !== 'multipart/form-data') {
    throw new CatalogError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type '${body.contentType || '(none)'}' is not supported here; send application/zip, or multipart/form-data with a datadir part`,
    );
  }
  const parts = await multipartParts(body.bytes, contentTypeHeader);
  const datadir = parts.get('datadir');
  if (!datadir) throw new CatalogError('MISSING_FIELD', 'The multipart body has no datadir part; it is required (the zipped data directory)');
  const secrets = parts.get('secrets');
  return { files: filesFromZip(datadir), secrets: secrets ? parseSecrets(secrets) : new Map() };
}

/** The named parts of a multipart body (files and fields alike), each at most once. */
function multipartParts(bytes: Buffer, contentType: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const parts = new Map<string, Buffer>();
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits: { parts: 10, fields: 10, files: 10, fieldSize: MAX_SECRETS_BYTES } });
    } catch (err) {
      reject(new CatalogError('MALFORMED_BODY', `The multipart body cannot be read: ${(err as Error).message}`));
      return;
    }
    const keep = (name: string, value: Buffer) => {
      if (name !== 'datadir' && name !== 'secrets') return;
      if (parts.has(name)) reject(new CatalogError('INVALID_VALUE', `The multipart body has the ${name} part twice`));
      parts.set(name, value);
    };
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => keep(name, Buffer.concat(chunks)));
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) reject(new CatalogError('TOO_LARGE', `The ${name} part is larger than ${MAX_SECRETS_BYTES} bytes`));
      keep(name, Buffer.from(value, 'utf8'));
    });
    parser.on('partsLimit', () => reject(new CatalogError('INVALID_VALUE', 'The multipart body has too many parts')));
    parser.on('error', (err: Error) => reject(new CatalogError('MALFORMED_BODY', `The multipart body cannot be read: ${err.message}`)));
    parser.on('close', () => resolve(parts));
    parser.end(bytes);
  });
}

/** The `secrets` part: a JSON object of `ws:store` → password strings; 400 otherwise. */
export function parseSecrets(bytes: Buffer): ImportSecrets {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new CatalogError('MALFORMED_BODY', `The secrets part is not JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CatalogError('INVALID_VALUE', 'The secrets part must be a JSON object of "workspace:store": "password"');
  }
  const secrets: ImportSecrets = new Map();
  for (const [key, password] of Object.entries(value)) {
    if (!/^[^:]+:[^:]+$/.test(key)) throw new CatalogError('INVALID_VALUE', `The secrets key '${key}' is not workspace:store`);
    if (typeof password !== 'string') throw new CatalogError('INVALID_VALUE', `The secret of ${key} is not a string`);
    secrets.set(key, password);
  }
  return secrets;
}
