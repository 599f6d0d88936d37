import type { CompiledStyle, MapRenderer } from './map-renderer';

/** What compiling an SLD gave, with the property names the style reads. */
export interface CompiledSld {
  style: CompiledStyle | null;
  errors: string[];
  unsupported: string[];
  /** The properties the style reads (empty when it did not compile). */
  columns: string[];
}

/** SLD texts kept compiled; the least recently used is dropped beyond this. */
export const COMPILED_STYLES_MAX = 64;

/**
 * Compiled styles by their SLD text, across requests: compiling (GeoStyler's parser and OpenLayers'
 * style functions) costs more than reading a small map. Keyed by the text itself, so a style edited
 * in any api process is compiled anew on its next use (the catalog row is still read on every
 * request) and nothing needs telling; the text of a style no longer used falls out of the LRU.
 */
export class CompiledStyles {
  private readonly entries = new Map<string, Promise<CompiledSld>>();

  constructor(
    private readonly renderer: Pick<MapRenderer, 'compileSld' | 'styleColumns'>,
    private readonly max = COMPILED_STYLES_MAX,
  ) {}

  compile(sld: string): Promise<CompiledSld> {
    let entry = this.entries.get(sld);
    if (entry) {
      // Most recently used last: a Map iterates in insertion order.
      this.entries.delete(sld);
    } else {
      entry = this.renderer.compileSld(sld).then((r) => ({ ...r, columns: r.style ? this.renderer.styleColumns(r.style) : [] }));
      // A compile that throws (it should answer errors instead) is not kept.
      entry.catch(() => this.entries.get(sld) === entry && this.entries.delete(sld));
    }
    this.entries.set(sld, entry);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }
}
