/** How loading the map's features went. */
export interface MapStatus {
  loading: boolean;
  /** Features on the map. */
  loaded: number;
  /** Features matching the last loaded extent, when the server says. */
  matched: number | null;
  capped: boolean;
  error: string | null;
  /** True when the map draws vector tiles (matched is then the layer's feature count). */
  tiles?: boolean;
}
