import * as vm from 'node:vm';
import type { Extensions, PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/**
 * Node's own `require`, from the main context. PGlite's CommonJS build loads its wasm and helpers with
 * dynamic `import()`, which throws ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG inside Jest's module
 * sandbox (and Jest's `module`/`getBuiltinModule` hand out its sandboxed require). Outside Jest this is
 * just the ordinary require. Values cross the realm boundary in Jest, so this module passes PGlite only
 * Buffers (outer-realm typed arrays) and never relies on `instanceof` for what PGlite returns or throws.
 */
function nativeRequire(): NodeRequire {
  const outer = vm.runInThisContext('process') as { getBuiltinModule?: (id: string) => unknown };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the fallback outside Jest is exactly Node's own require
  const mod = (outer.getBuiltinModule?.('node:module') ?? require('node:module')) as typeof import('node:module');
  return mod.createRequire(__filename);
}

let libs: { PGlite: typeof PGlite; PGLiteSocketHandler: typeof PGLiteSocketHandler } | undefined;
export function pgliteLibs(): NonNullable<typeof libs> {
  if (!libs) {
    const req = nativeRequire();
    libs = {
      PGlite: (req('@electric-sql/pglite') as typeof import('@electric-sql/pglite')).PGlite,
      PGLiteSocketHandler: (req('@electric-sql/pglite-socket') as typeof import('@electric-sql/pglite-socket')).PGLiteSocketHandler,
    };
  }
  return libs;
}

/** `{ name: package }` → `{ name: <the package's export of that name> }`, from the main realm. */
export function loadExtensions(spec: Record<string, string>): Extensions {
  const req = nativeRequire();
  const out: Extensions = {};
  for (const [name, pkg] of Object.entries(spec)) {
    const ext = (req(pkg) as Record<string, unknown>)[name];
    if (!ext) throw new Error(`the package ${pkg} exports no PGlite extension named ${name}`);
    out[name] = ext as Extensions[string];
  }
  return out;
}
