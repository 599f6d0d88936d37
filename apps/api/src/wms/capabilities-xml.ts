/**
 * The GetCapabilities documents of WMS 1.1.1 (GeoServer's DTD) and 1.3.0 (the OGC XSD), written
 * from the shared model. Element order follows the DTD and the XSD exactly. Pure.
 */
import type { Box } from '../datastores/postgis/postgis.types';
import type { CapabilitiesLayer, CapabilitiesModel } from './capabilities-model';
import { MAP_FORMATS } from './capabilities-model';
import { INFO_FORMATS } from './feature-info-params';
import { xmlAttr, xmlNumber, xmlText } from './xml-text';

const XLINK = 'http://www.w3.org/1999/xlink';

const el = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;
const link = (href: string) => `<OnlineResource xlink:type="simple" xlink:href=${xmlAttr(href)}/>`;
const keywords = (words: string[]) => (words.length ? `<KeywordList>${words.map((k) => el('Keyword', k)).join('')}</KeywordList>` : '');
/** 1.1.1 has no namespaces at the root: each OnlineResource declares xlink (the DTD fixes its value). */
const link111 = (href: string) => `<OnlineResource xmlns:xlink="${XLINK}" xlink:type="simple" xlink:href=${xmlAttr(href)}/>`;
const dcp = (url: string, version: '1.1.1' | '1.3.0') => `<DCPType><HTTP><Get>${version === '1.1.1' ? link111(url) : link(url)}</Get></HTTP></DCPType>`;
const boxAttrs = (b: Box) => `minx="${xmlNumber(b.minx)}" miny="${xmlNumber(b.miny)}" maxx="${xmlNumber(b.maxx)}" maxy="${xmlNumber(b.maxy)}"`;

/** WMS 1.1.1: `WMT_MS_Capabilities` with the DOCTYPE of GeoServer's DTD. */
export function capabilities111(m: CapabilitiesModel): string {
  const get = `${m.serviceUrl}?SERVICE=WMS&`;
  const s = m.service;
  const out: string[] = [
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n`,
    `<!DOCTYPE WMT_MS_Capabilities SYSTEM ${xmlAttr(`${m.schemas}/wms/1.1.1/WMS_MS_Capabilities.dtd`)}>\n`,
    `<WMT_MS_Capabilities version="1.1.1">`,
    `<Service>${el('Name', 'OGC:WMS')}${el('Title', s.title)}${s.abstract ? el('Abstract', s.abstract) : ''}${keywords(s.keywords)}`,
    link111(m.serviceUrl),
    `${el('Fees', s.fees)}${el('AccessConstraints', s.accessConstraints)}</Service>`,
    `<Capability><Request>`,
    `<GetCapabilities><Format>application/vnd.ogc.wms_xml</Format>${dcp(get, '1.1.1')}</GetCapabilities>`,
    `<GetMap>${MAP_FORMATS.map((f) => el('Format', f)).join('')}${dcp(get, '1.1.1')}</GetMap>`,
    `<GetFeatureInfo>${INFO_FORMATS.map((f) => el('Format', f)).join('')}${dcp(get, '1.1.1')}</GetFeatureInfo>`,
    `</Request>`,
    `<Exception><Format>application/vnd.ogc.se_xml</Format><Format>application/vnd.ogc.se_inimage</Format><Format>application/vnd.ogc.se_blank</Format></Exception>`,
    `<UserDefinedSymbolization SupportSLD="1" UserLayer="0" UserStyle="1" RemoteWFS="0"/>`,
    `<Layer>${el('Title', s.title)}${s.abstract ? el('Abstract', s.abstract) : ''}`,
    m.rootCrs
      .filter((c) => c !== 'CRS:84')
      .map((c) => el('SRS', c))
      .join(''),
    m.geographic ? `<LatLonBoundingBox ${boxAttrs(m.geographic)}/>` : '',
  ];
  for (const l of m.layers) out.push(layer111(l));
  out.push(`</Layer></Capability></WMT_MS_Capabilities>\n`);
  return out.join('');
}

function layer111(l: CapabilitiesLayer): string {
  return (
    `<Layer queryable="${l.queryable ? 1 : 0}" opaque="${l.opaque ? 1 : 0}">${l.name !== null ? el('Name', l.name) : ''}${el('Title', l.title)}` +
    `${l.abstract ? el('Abstract', l.abstract) : ''}${keywords(l.keywords)}` +
    l.crs
      .filter((c) => c !== 'CRS:84')
      .map((c) => el('SRS', c))
      .join('') +
    (l.geographic ? `<LatLonBoundingBox ${boxAttrs(l.geographic)}/>` : '') +
    l.boxes
      .filter((b) => b.crs !== 'CRS:84')
      .map((b) => `<BoundingBox SRS=${xmlAttr(b.crs)} ${boxAttrs(b.box)}/>`)
      .join('') +
    l.styles
      .map(
        (s) =>
          `<Style>${el('Name', s.name)}${el('Title', s.title)}<LegendURL width="${s.legendWidth}" height="${s.legendHeight}"><Format>image/png</Format>` +
          `${link111(s.legendUrl)}</LegendURL></Style>`,
      )
      .join('') +
    l.children.map(layer111).join('') +
    `</Layer>`
  );
}

/** WMS 1.3.0: `WMS_Capabilities` in the WMS namespace, against the OGC XSD. */
export function capabilities130(m: CapabilitiesModel): string {
  const get = `${m.serviceUrl}?SERVICE=WMS&`;
  const s = m.service;
  const out: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\n`,
    `<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="${XLINK}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`,
    ` xsi:schemaLocation=${xmlAttr(`http://www.opengis.net/wms ${m.schemas}/wms/1.3.0/capabilities_1_3_0.xsd`)}>`,
    `<Service>${el('Name', 'WMS')}${el('Title', s.title)}${s.abstract ? el('Abstract', s.abstract) : ''}${keywords(s.keywords)}${link(m.serviceUrl)}`,
    `${el('Fees', s.fees)}${el('AccessConstraints', s.accessConstraints)}${el('MaxWidth', String(s.maxWidth))}${el('MaxHeight', String(s.maxHeight))}</Service>`,
    `<Capability><Request>`,
    `<GetCapabilities><Format>text/xml</Format>${dcp(get, '1.3.0')}</GetCapabilities>`,
    `<GetMap>${MAP_FORMATS.map((f) => el('Format', f)).join('')}${dcp(get, '1.3.0')}</GetMap>`,
    `<GetFeatureInfo>${INFO_FORMATS.map((f) => el('Format', f)).join('')}${dcp(get, '1.3.0')}</GetFeatureInfo>`,
    `</Request>`,
    `<Exception><Format>XML</Format><Format>INIMAGE</Format><Format>BLANK</Format></Exception>`,
    `<Layer>${el('Title', s.title)}${s.abstract ? el('Abstract', s.abstract) : ''}`,
    m.rootCrs.map((c) => el('CRS', c)).join(''),
    m.geographic ? geographic130(m.geographic) : '',
  ];
  for (const l of m.layers) out.push(layer130(l));
  out.push(`</Layer></Capability></WMS_Capabilities>\n`);
  return out.join('');
}

function geographic130(b: Box): string {
  return (
    `<EX_GeographicBoundingBox><westBoundLongitude>${xmlNumber(b.minx)}</westBoundLongitude><eastBoundLongitude>${xmlNumber(b.maxx)}</eastBoundLongitude>` +
    `<southBoundLatitude>${xmlNumber(b.miny)}</southBoundLatitude><northBoundLatitude>${xmlNumber(b.maxy)}</northBoundLatitude></EX_GeographicBoundingBox>`
  );
}

/** EPSG:4326 is latitude first in 1.3.0: its box is written with the axes swapped. */
function box130(crs: string, b: Box): string {
  const swapped = crs === 'EPSG:4326' ? { minx: b.miny, miny: b.minx, maxx: b.maxy, maxy: b.maxx } : b;
  return `<BoundingBox CRS=${xmlAttr(crs)} ${boxAttrs(swapped)}/>`;
}

function layer130(l: CapabilitiesLayer): string {
  return (
    `<Layer queryable="${l.queryable ? 1 : 0}" opaque="${l.opaque ? 1 : 0}">${l.name !== null ? el('Name', l.name) : ''}${el('Title', l.title)}` +
    `${l.abstract ? el('Abstract', l.abstract) : ''}${keywords(l.keywords)}` +
    l.crs.map((c) => el('CRS', c)).join('') +
    (l.geographic ? geographic130(l.geographic) : '') +
    l.boxes.map((b) => box130(b.crs, b.box)).join('') +
    l.styles
      .map(
        (s) =>
          `<Style>${el('Name', s.name)}${el('Title', s.title)}<LegendURL width="${s.legendWidth}" height="${s.legendHeight}"><Format>image/png</Format>` +
          `${link(s.legendUrl)}</LegendURL></Style>`,
      )
      .join('') +
    l.children.map(layer130).join('') +
    `</Layer>`
  );
}
