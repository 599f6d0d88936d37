/**
 * A WMS service exception: the problem a client is told about in a `ServiceExceptionReport`
 * (or in the image, for `EXCEPTIONS=INIMAGE`), with GeoServer's code and locator.
 */

/** The exception codes this service gives, as GeoServer names them. */
export type WmsExceptionCode =
  | 'LayerNotDefined'
  | 'StyleNotDefined'
  | 'InvalidSRS'
  | 'InvalidCRS'
  | 'InvalidFormat'
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  | 'InvalidPoint'
  | 'OperationNotSupported'
  | 'InvalidDimensionValue'
  | 'InvalidUpdateSequence'
  | 'CurrentUpdateSequence'
  | 'LayerNotQueryable'
  | 'MissingFormat';

export class WmsException extends Error {
  constructor(
    message: string,
    /** Absent for a failure with no code (GeoServer's plain `ServiceException`). */
    readonly code?: WmsExceptionCode,
    /** The parameter at fault, lower case as GeoServer writes it (`layers`, `bbox`). */
    readonly locator?: string,
  ) {
    super(message);
    this.name = 'WmsException';
  }
}

/** MissingParameterValue for a required parameter. */
export function missing(parameter: string): WmsException {
  return new WmsException(`Missing ${parameter.toUpperCase()} parameter`, 'MissingParameterValue', parameter.toLowerCase());
}

/** InvalidParameterValue for a value that cannot be read. */
export function invalidValue(parameter: string, message: string): WmsException {
  return new WmsException(message, 'InvalidParameterValue', parameter.toLowerCase());
}

/** The SRS/CRS code of the version: 1.3.0 says `InvalidCRS`, 1.1.1 `InvalidSRS`. */
export function invalidCrs(version: WmsVersion, message: string): WmsException {
  return version === '1.3.0' ? new WmsException(message, 'InvalidCRS', 'crs') : new WmsException(message, 'InvalidSRS', 'srs');
}

/** The WMS versions served. */
export type WmsVersion = '1.1.1' | '1.3.0';
