/**
 * What the WMS resolved from the catalog (settings, layers and their styles, a style's SLD, a
 * CRS), kept per process and good for one catalog change number ({@link WmsCatalog.changeNumber}):
 * every committed catalog write, in any process sharing the catalog, records a change with a new
 * number, so a request that reads the number first never uses what an earlier write made stale.
 * One small query replaces the three to eight a map would read otherwise.
 */
export class CatalogMemo<T> {
  private readonly entries = new Map<string, { at: string; value: Promise<T> }>();

  constructor(private readonly max = 256) {}

  /** The value of `key` resolved at change number `at`; `load` when there is none (a failure is not kept). */
  get(key: string, at: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.at === at) return hit.value;
    const value = load();
    const entry = { at, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    // The oldest entries go first: a Map iterates in insertion order.
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
