import type { WmsException, WmsVersion } from './wms-exception';
import { xmlAttr, xmlText } from './xml-text';

/** The media type of the exception report of each version, as GeoServer sends it. */
export const EXCEPTION_MEDIA: Record<WmsVersion, string> = {
  '1.1.1': 'application/vnd.ogc.se_xml',
  '1.3.0': 'text/xml',
};

/** How the client asked to be told about a failure (`EXCEPTIONS`). */
export type ExceptionForm = 'xml' | 'inimage' | 'blank';

const FORMS: Record<string, ExceptionForm> = {
  xml: 'xml',
  inimage: 'inimage',
  blank: 'blank',
  'application/vnd.ogc.se_xml': 'xml',
  'application/vnd.ogc.se_inimage': 'inimage',
  'application/vnd.ogc.se_blank': 'blank',
  'text/xml': 'xml',
  'application/xml': 'xml',
};

/**
 * The form of `EXCEPTIONS`: 1.3.0's `XML`, `INIMAGE`, `BLANK` and 1.1.1's
 * `application/vnd.ogc.se_xml`, `…se_inimage`, `…se_blank`, accepted in either version as GeoServer
 * does; anything else (or nothing) is the XML report.
 */
export function exceptionForm(value: string | undefined): ExceptionForm {
  return FORMS[(value ?? '').trim().toLowerCase()] ?? 'xml';
}

/**
 * A `ServiceExceptionReport`: 1.1.1 with the DOCTYPE of GeoServer's DTD, 1.3.0 in the OGC namespace
 * with its schema location. `schemas` is the base URL of the OGC schemas referenced.
 */
export function exceptionReport(version: WmsVersion, error: WmsException, schemas: string): string {
  const code = error.code ? ` code=${xmlAttr(error.code)}` : '';
  const locator = error.locator ? ` locator=${xmlAttr(error.locator)}` : '';
  const body = `<ServiceException${code}${locator}>\n${xmlText(error.message)}\n</ServiceException>`;
  if (version === '1.1.1') {
    return (
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n` +
      `<!DOCTYPE ServiceExceptionReport SYSTEM ${xmlAttr(`${schemas}/wms/1.1.1/WMS_exception_1_1_1.dtd`)}>\n` +
      `<ServiceExceptionReport version="1.1.1">${body}</ServiceExceptionReport>\n`
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
    ` xsi:schemaLocation=${xmlAttr(`http://www.opengis.net/ogc ${schemas}/wms/1.3.0/exceptions_1_3_0.xsd`)}>${body}</ServiceExceptionReport>\n`
  );
}
