import { Injectable } from '@nestjs/common';
import { match, MatchFunction } from 'path-to-regexp';

/** One registered path and the methods it answers. */
interface RouteEntry {
  matches: MatchFunction<Partial<Record<string, string | string[]>>>;
  methods: Set<string>;
}

type RouteLayer = { route?: { path: unknown; methods?: Record<string, boolean> } };

/**
 * The methods each registered path answers, read from the router once the app listens, so an
 * unmatched request whose path exists with other methods is a 405 with `Allow`, not a 404.
 */
@Injectable()
export class RouteTable {
  private readonly routes = new Map<string, RouteEntry>();

  /** Reads Express's router stack (Express 5 / router 2: `layer.route.path`, `route.methods`). */
  load(app: unknown): void {
    const router = (app as { router?: { stack?: RouteLayer[] }; _router?: { stack?: RouteLayer[] } }).router;
    for (const layer of router?.stack ?? []) {
      const route = layer.route;
      // Wildcard routes (the catch-all) answer every method and say nothing about a path.
      if (!route || typeof route.path !== 'string' || route.path.includes('*') || !route.methods) continue;
      const declared = route.methods;
      const methods = Object.keys(declared).filter((m) => declared[m] && m !== '_all');
      if (methods.length)
        this.add(
          route.path,
          methods.map((m) => m.toUpperCase()),
        );
    }
  }

  add(path: string, methods: string[]): void {
    let entry = this.routes.get(path);
    if (!entry) {
      entry = { matches: match(path, { decode: decodeURIComponent, sensitive: true }), methods: new Set() };
      this.routes.set(path, entry);
    }
    for (const m of methods) entry.methods.add(m);
  }

  /** Every registered path (Express syntax, context path included) with its methods, sorted by path. */
  list(): Array<{ path: string; methods: string[] }> {
    return [...this.routes]
      .map(([path, entry]) => ({ path, methods: [...entry.methods].sort() }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Methods answered at this concrete path (with HEAD for GET), or an empty list; case-sensitive, as the router is. */
  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const entry of this.routes.values()) {
      if (entry.matches(path)) entry.methods.forEach((m) => methods.add(m));
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}
