import { CatalogError } from '@geocatalog/catalog-model';
import { strToU8, zipSync } from 'fflate';
import { parseSecrets, readImportBody } from './import-body';

const zip = Buffer.from(zipSync({ 'workspaces/a/workspace.xml': strToU8('<workspace><name>a</name></workspace>') }));

function multipart(parts: Array<{ name: string; body: Buffer | string; file?: boolean }>): { type: string; bytes: Buffer } {
  const boundary = 'XyZ123boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.file ? `form-data; name="${p.name}"; filename="${p.name}.zip"` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.file ? 'Content-Type: application/zip\r\n' : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat(chunks) };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return err instanceof CatalogError ? `${err.code}: ${err.message}` : `not a CatalogError: ${String(err)}`;
  }
  return 'no error';
}

describe('readImportBody', () => {
  it('reads a zip body', async () => {
    const body = await readImportBody({ contentType: 'application/zip', bytes: zip }, 'application/zip');
    expect([...body.files.keys()]).toEqual(['workspaces/a/workspace.xml']);
    expect(body.secrets.size).toBe(0);
  });

  it('reads multipart datadir + secrets, secrets as a file or a field', async () => {
    for (const file of [true, false]) {
      const m = multipart([
        { name: 'datadir', body: zip, file: true },
        { name: 'secrets', body: '{"a:pg":"s3cret"}', file },
      ]);
      const body = await readImportBody({ contentType: 'multipart/form-data', bytes: m.bytes }, m.type);
      expect(body.files.has('workspaces/a/workspace.xml')).toBe(true);
      expect(body.secrets.get('a:pg')).toBe('s3cret');
    }
  });

  it('refuses other media types (415), a multipart body without datadir and bad secrets (400)', async () => {
    expect(await failure(readImportBody({ contentType: 'application/xml', bytes: zip }, 'application/xml'))).toMatch(/^UNSUPPORTED_MEDIA_TYPE/);
    const noDir = multipart([{ name: 'secrets', body: '{}' }]);
    expect(await failure(readImportBody({ contentType: 'multipart/form-data', bytes: noDir.bytes }, noDir.type))).toMatch(/^MISSING_FIELD: .*datadir/);
    const twice = multipart([
      { name: 'datadir', body: zip, file: true },
      { name: 'datadir', body: zip, file: true },
    ]);
    expect(await failure(readImportBody({ contentType: 'multipart/form-data', bytes: twice.bytes }, twice.type))).toMatch(/^INVALID_VALUE: .*twice/);
    expect(await failure(readImportBody({ contentType: 'multipart/form-data', bytes: Buffer.from('junk') }, 'multipart/form-data'))).toMatch(/^MALFORMED_BODY/);
  });
});

describe('parseSecrets', () => {
  it('takes an object of ws:store → password', () => {
    expect([...parseSecrets(Buffer.from('{"a:b":"p","c:d":""}'))]).toEqual([
      ['a:b', 'p'],
      ['c:d', ''],
    ]);
  });

  it('refuses JSON that is not that object', () => {
    for (const bad of ['[1]', '"x"', 'null', '{"nocolon":"p"}', '{"a:b":1}', '{"a:b:c":"p"}', '{']) {
      expect(() => parseSecrets(Buffer.from(bad))).toThrow(CatalogError);
    }
  });
});
