import type { Style as GeoStylerStyle } from 'geostyler-style';
import type { StyleFunction } from 'ol/style/Style';
import type { RuleDescription } from './sld-audit';

/**
 * One SLD style read into the shared style model: the GeoStyler style (rules, filters, scale
 * ranges, symbolizers) and the OpenLayers style function written from it. The browser preview
 * and the server's GetMap both draw with `olStyle`, so one SLD looks the same in both.
 */
export interface CompiledStyle {
  /** The style's name (the SLD's UserStyle name, or the layer's). */
  readonly name: string;
  /** The GeoStyler style the SLD was read into: rules in document order. */
  readonly geostyler: GeoStylerStyle;
  /** Name, Title and Abstract of each of `geostyler.rules` (GeoStyler keeps the Title as the name). */
  readonly rules: readonly RuleDescription[];
  /**
   * OpenLayers' style for a feature at a resolution. GeoStyler turns the resolution into a scale
   * denominator as if it were metres per 0.28 mm pixel: `drawMap` passes
   * `resolutionForScale(scaleDenominator)`, so a rule's Min/MaxScaleDenominator is tested against
   * the OGC scale of the request in any CRS (the console's map passes its own resolution).
   */
  readonly olStyle: StyleFunction;
}

/** What `compileSld` answers. Never throws: a bad SLD comes back as `errors`. */
export interface CompileResult {
  /**
   * The compiled style; null when the SLD could not be read or written. GetMap checks
   * `unsupported` first: an SLD GeoStyler cannot read because of an element the renderer does not
   * draw (a spatial filter) has both.
   */
  style: CompiledStyle | null;
  /** Why the SLD could not be read or turned into a style (one sentence each). */
  errors: string[];
  /**
   * What the renderer cannot draw, by SLD element name (`RasterSymbolizer`, `ExternalGraphic
   * (icons/x.png is not among the style's resources)`, …). GetMap answers these with a
   * ServiceException naming the element instead of drawing the style without them.
   */
  unsupported: string[];
  /**
   * What is drawn, but not exactly as GeoServer does: vendor options that tune label placement,
   * label priorities (GeoServer's conflict resolution), a LinePlacement label drawn horizontally
   * at the line's middle. Shown as warnings; they never stop a map.
   */
  approximated: string[];
}

/** A data: URI or the bytes of an image uploaded with the style, by the name the SLD links it by. */
export interface StyleResource {
  /** `image/png`, `image/svg+xml`, `image/jpeg`, `image/gif`. */
  mediaType: string;
  bytes: Uint8Array;
}

/** Options of `compileSld`. */
export interface CompileOptions {
  /**
   * The images uploaded with the style (GeoServer's zip upload), by the relative path the SLD's
   * ExternalGraphic links them with (`icons/x.png`, `file:icons/x.png` and `./icons/x.png` alike).
   * Nothing else is ever fetched: an http(s) link or a missing file is `unsupported`.
   */
  resources?: ReadonlyMap<string, StyleResource>;
}

/**
 * What this library calls on a canvas' 2D context itself (OpenLayers draws with the rest). Declared
 * here, not taken from the DOM's types, so the api compiles the library without the DOM library.
 */
export interface Context2DLike {
  save(): void;
  restore(): void;
  fillStyle: unknown;
  fillRect(x: number, y: number, width: number, height: number): void;
  beginPath(): void;
  rect(x: number, y: number, width: number, height: number): void;
  clip(): void;
}

/** A 2D canvas: the browser's HTMLCanvasElement or OffscreenCanvas, @napi-rs/canvas in Node. */
export interface CanvasLike {
  width: number;
  height: number;
  getContext(contextId: '2d'): unknown;
}
