import { match, MatchFunction } from 'path-to-regexp';

/** One registered path and the methods it answers. */
interface RouteEntry {
  matches: MatchFunction<Partial<Record<string, string | string[]>>>;
  methods: Set<string>;
}

/**
 * The methods each registered path answers, read from the router once at start. An unmatched
 * request whose path exists with other methods is a 405 with `Allow`, not a 404.
 */
export class RouteTable {
  private readonly routes = new Map<string, RouteEntry>();

  /** Reads Express's router stack (Express 5 / router 2: `layer.route.path`, `route.methods`). */
  static fromExpressApp(app: { router?: { stack?: unknown[] }; _router?: { stack?: unknown[] } }): RouteTable {
    const table = new RouteTable();
    const stack = (app.router ?? app._router)?.stack ?? [];
    for (const layer of stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>) {
      if (!layer.route || typeof layer.route.path !== 'string') continue;
      const methods = Object.keys(layer.route.methods)
        .filter((m) => layer.route!.methods[m] && m !== '_all')
        .map((m) => m.toUpperCase());
      table.add(layer.route.path, methods);
    }
    return table;
  }

  add(path: string, methods: string[]): void {
    let entry = this.routes.get(path);
    if (!entry) {
      entry = { matches: match(path, { decode: decodeURIComponent }), methods: new Set() };
      this.routes.set(path, entry);
    }
    for (const m of methods) entry.methods.add(m);
  }

  /** Methods answered at this concrete path (with HEAD for GET), or an empty list. */
  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const entry of this.routes.values()) {
      if (entry.matches(path)) entry.methods.forEach((m) => methods.add(m));
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}
