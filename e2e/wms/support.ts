/**
 * Helpers of the WMS specs: the service URLs, GETs with credentials, xmllint against the OGC
 * schemas (an oracle that is no app code), and reading exception reports.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ApiServer } from '../support/api-server';
import { REPO_ROOT } from '../support/api-server';
import { Credentials, HttpResponse, request } from '../support/http';

/** The offline OGC schemas beside the repository (`shared/ogc-schemas`). */
export const OGC_SCHEMAS = process.env.OGC_SCHEMAS ?? resolve(REPO_ROOT, '..', 'shared', 'ogc-schemas');

/** GET `{base}{path}` with the query `params` (values as given, names as given). */
export function wmsGet(server: ApiServer, path: string, params: Record<string, string>, auth: Credentials | null = server.admin): Promise<HttpResponse> {
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return request(`${server.baseUrl}${path}?${query}`, { auth });
}

/**
 * xmllint's verdict on a document: '' when valid, else its messages. 1.3.0 against the XSD,
 * 1.1.1 against GeoServer's DTD (or the exception DTD), never fetching anything from the network.
 */
export function xmllint(xml: string, against: { xsd: string } | { dtd: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'wms-xmllint-'));
  try {
    const file = join(dir, 'doc.xml');
    writeFileSync(file, xml);
    const args =
      'xsd' in against
        ? ['--noout', '--nonet', '--schema', join(OGC_SCHEMAS, against.xsd), file]
        : ['--noout', '--nonet', '--dtdvalid', join(OGC_SCHEMAS, against.dtd), file];
    try {
      execFileSync('xmllint', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      return '';
    } catch (err) {
      const e = err as { stderr?: Buffer; message: string };
      return e.stderr?.toString() || e.message;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The code, locator and text of the first ServiceException of a report. */
export function serviceException(xml: string): { code: string | null; locator: string | null; text: string } | null {
  const m = /<ServiceException((?:\s+\w+="[^"]*")*)\s*>([\s\S]*?)<\/ServiceException>/.exec(xml);
  if (!m) return null;
  const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1] ?? null;
  return { code: attr('code'), locator: attr('locator'), text: m[2].trim() };
}

/** Names of the named layers of a capabilities document, in order. */
export function layerNames(xml: string): string[] {
  return [...xml.matchAll(/<Layer\b[^>]*>\s*<Name>([^<]*)<\/Name>/g)].map((m) => m[1]);
}

/** The XML of the named layer `name` of a capabilities document (up to its closing tag; layers are not nested). */
export function layerXml(xml: string, name: string): string {
  const start = xml.indexOf(`<Name>${name}</Name>`);
  if (start < 0) throw new Error(`No layer ${name} in the capabilities`);
  return xml.slice(start, xml.indexOf('</Layer>', start));
}

/** Width, height and band count of an image, read by GDAL (an oracle that is no app code). */
export function imageInfo(bytes: Buffer): { width: number; height: number; bands: number; driver: string } {
  return withFile(bytes, (file) => {
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' })) as {
      size: [number, number];
      bands: unknown[];
      driverShortName: string;
    };
    return { width: info.size[0], height: info.size[1], bands: info.bands.length, driver: info.driverShortName };
  });
}

/** The band values (R, G, B[, A]) of each pixel (column, row) of an image, read by GDAL in one call. */
export function pixels(bytes: Buffer, points: Array<[number, number]>): number[][] {
  return withFile(bytes, (file) => {
    const bands = (JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' })) as { bands: unknown[] }).bands.length;
    const input = points.map(([x, y]) => `${x} ${y}`).join('\n') + '\n';
    const values = execFileSync('gdallocationinfo', ['-valonly', file], { input, encoding: 'utf8' }).trim().split('\n').map(Number);
    return points.map((_, i) => values.slice(i * bands, (i + 1) * bands));
  });
}

function withFile<T>(bytes: Buffer, use: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'wms-image-'));
  try {
    const file = join(dir, 'image');
    writeFileSync(file, bytes);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
