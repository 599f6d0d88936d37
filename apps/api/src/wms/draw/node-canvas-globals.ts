import { parseXml, type XmlElement } from '@geocatalog/sld';
import { createCanvas, Image as SkiaImage } from '@napi-rs/canvas';

/**
 * The few browser globals OpenLayers' canvas renderer reaches for, made from @napi-rs/canvas
 * (Skia) so the shared renderer (libs/map-render) draws in Node as it does in the console:
 * - `document.createElement('canvas')`: marks (RegularShape) and patterns draw on a scratch canvas;
 *   `'div'` with an `offsetHeight` for OpenLayers' text-height measure; `document.fonts` for its
 *   font check.
 * - `Image` / `HTMLImageElement`: icons (ExternalGraphic). Only data: URIs are decoded —
 *   compileSld has already turned every icon into one from the style's own resources — so nothing
 *   is ever read from a file or fetched, whatever a style says (Skia's Image would do both).
 * - `CanvasPattern` / `CanvasGradient`: OpenLayers tests fills against them.
 * - `DOMParser` / `Element`: GeoStyler reads its own SVG marks back to draw a GraphicFill pattern;
 *   a small read-only element tree from libs/sld's XML parser serves (no entity, no DTD, no fetch).
 * - `createImageBitmap`: OpenLayers turns a drawn mark into an ImageBitmap for speed; a Skia
 *   canvas is drawn as fast, so it is handed back as it is (`ImageBitmap` then matches nothing).
 * Installed once, only where the global is missing (a test environment may bring its own).
 */
export function installCanvasGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  if (g.__geocatalogCanvasGlobals) return;
  g.__geocatalogCanvasGlobals = true;
  const probe = createCanvas(1, 1).getContext('2d');
  g.CanvasPattern ??= Object.getPrototypeOf(probe.createPattern(createCanvas(1, 1), 'repeat')).constructor;
  g.CanvasGradient ??= Object.getPrototypeOf(probe.createLinearGradient(0, 0, 1, 1)).constructor;
  g.DOMParser ??= SvgParser;
  g.Element ??= SvgElement;
  g.createImageBitmap ??= (source: unknown) => Promise.resolve(source);
  g.ImageBitmap ??= class ImageBitmap {};
  g.Image ??= DataUriImage;
  g.HTMLImageElement ??= DataUriImage;
  g.document ??= {
    // OpenLayers sets a canvas' CSS size (toContext): a `style` to write it on.
    createElement: (tag: string) => (tag.toLowerCase() === 'canvas' ? Object.assign(createCanvas(300, 150), { style: {} }) : new MeasureElement()),
    body: { appendChild: () => undefined, removeChild: () => undefined },
    fonts: { ready: Promise.resolve(), forEach: () => undefined, check: () => true },
  };
}

/** What GeoStyler reads of an SVG element: its name, attributes and child elements. */
class SvgElement {
  constructor(private readonly element: XmlElement) {}
  get tagName(): string {
    return this.element.localName;
  }
  get children(): SvgElement[] {
    return this.element.children.filter((child): child is XmlElement => child.kind === 'element').map((child) => new SvgElement(child));
  }
  getAttribute(name: string): string | null {
    return this.element.attributes.find((attribute) => attribute.qualifiedName === name)?.value ?? null;
  }
  querySelector(name: string): SvgElement | null {
    if (this.tagName === name) return this;
    for (const child of this.children) {
      const found = child.querySelector(name);
      if (found) return found;
    }
    return null;
  }
}

/** `new DOMParser().parseFromString(svg, 'image/svg+xml')`: a document with `querySelector`. */
class SvgParser {
  parseFromString(text: string): { querySelector(name: string): SvgElement | null } {
    const { root } = parseXml(text, { dropWhitespaceText: true });
    return { querySelector: (name) => (root ? new SvgElement(root).querySelector(name) : null) };
  }
}

/** A `div` for OpenLayers' text-height measure: a line of the font is 1.2 × its size (CSS `normal`). */
class MeasureElement {
  innerHTML = '';
  style: Record<string, string> = {};
  get offsetHeight(): number {
    const size = /(\d+(?:\.\d+)?)px/.exec(this.style.font ?? '');
    return Math.round((size ? Number(size[1]) : 10) * 1.2);
  }
}

/** Skia's Image, taking data: URIs only, with the listener methods OpenLayers' image loading uses. */
class DataUriImage extends SkiaImage {
  crossOrigin: string | null = null;
  referrerPolicy = '';
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();

  constructor() {
    super();
    // Skia may call these while `src` is being set, before OpenLayers listens (it listens right
    // after): the events are dispatched on the next turn, as a browser dispatches them.
    this.onload = () => setImmediate(() => this.dispatch('load', { type: 'load' }));
    this.onerror = (event: Event) => setImmediate(() => this.dispatch('error', event));
  }

  /** Set when `src` was not a data: URI or bytes: `decode()` rejects, `error` fires. */
  refused = false;

  override decode(): Promise<void> {
    return this.refused ? Promise.reject(new Error('Only data: URIs are decoded.')) : super.decode();
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  private dispatch(type: string, event: unknown): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
}

const skiaSrc = Object.getOwnPropertyDescriptor(SkiaImage.prototype, 'src');
Object.defineProperty(DataUriImage.prototype, 'src', {
  configurable: true,
  get(this: SkiaImage) {
    return skiaSrc?.get?.call(this);
  },
  set(this: DataUriImage, value: unknown) {
    const bytes = value instanceof Uint8Array ? value : typeof value === 'string' ? decodeDataUri(value) : null;
    // Anything but bytes or a data: URI (a path, a URL) is never handed to Skia: the image fails.
    this.refused = bytes === null || bytes.length === 0;
    if (this.refused) {
      setImmediate(() => this.onerror?.({ type: 'error' } as Event));
      return;
    }
    skiaSrc?.set?.call(this, bytes && isSvg(bytes) ? rasterizeSvg(bytes) : bytes);
  },
});

/**
 * Skia draws an SVG image by rendering the SVG again at every drawImage (40 % of a map of marks,
 * which GeoStyler writes as SVG icons): rendered once here at its own size, kept as a PNG.
 */
function rasterizeSvg(bytes: Uint8Array): Uint8Array {
  const svg = new SkiaImage();
  svg.src = bytes;
  if (!svg.complete || svg.width <= 0 || svg.height <= 0) return bytes;
  const canvas = createCanvas(Math.ceil(svg.width), Math.ceil(svg.height));
  canvas.getContext('2d').drawImage(svg, 0, 0, svg.width, svg.height);
  return canvas.encodeSync('png');
}

/** An SVG document (`<svg`, or an XML declaration or comment first), not a PNG, JPEG or GIF. */
function isSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 256)).toString('utf8').trimStart();
  return head.startsWith('<svg') || ((head.startsWith('<?xml') || head.startsWith('<!--')) && head.includes('<svg'));
}

/** The bytes of a data: URI (base64 or percent-encoded); null for anything else. */
export function decodeDataUri(uri: string): Uint8Array | null {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/is.exec(uri);
  if (!match) return null;
  return match[2] ? Buffer.from(match[3], 'base64') : Buffer.from(decodeURIComponent(match[3]), 'utf8');
}
