import type { DirFiles } from './data-directory';

/** Where the data directory starts inside a set of files, or why it cannot be told. */
export type DataDirectoryRoot = { root: string } | { problem: string };

/** A path as the reader compares it: `/`-separated, without a leading `/` or `./`. */
export function normalizedPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:\.?\/)+/, '');
}

/**
 * The folder that is the data directory's root: the shallowest folder that holds a `workspaces/`
 * folder (a path `{root}workspaces/{x}/…` or `{root}workspaces/default.xml`). `''` when the files
 * are the directory itself, `mydir/` for a zip of `mydir`; a deeper copy (`__MACOSX/mydir/…`) never
 * wins over a shallower one. Without any `workspaces/`, the shallowest folder holding `styles/`
 * (a directory of global styles only). Two different folders at the shallowest depth, or none at
 * all, cannot be told apart from a wrong upload: that is a problem, said in a sentence.
 */
export function findDataDirectoryRoot(paths: Iterable<string>): DataDirectoryRoot {
  const list = [...paths].map(normalizedPath);
  for (const marker of ['workspaces', 'styles']) {
    // The shallowest folders holding the marker as a folder (something follows it), by depth.
    let best: { depth: number; roots: Set<string> } | undefined;
    for (const path of list) {
      const segments = path.split('/');
      let prefix = '';
      for (let depth = 0; depth < segments.length - 1 && (!best || depth <= best.depth); depth++) {
        if (segments[depth] === marker) {
          if (!best || depth < best.depth) best = { depth, roots: new Set() };
          best.roots.add(prefix);
          break;
        }
        prefix += `${segments[depth]}/`;
      }
    }
    if (!best) continue;
    const candidates = [...best.roots].sort();
    if (candidates.length > 1) {
      return { problem: `More than one folder holds a ${marker}/ folder (${candidates.map((c) => c || '.').join(', ')}): upload one data directory at a time` };
    }
    return { root: candidates[0] };
  }
  return { problem: 'No folder holds a workspaces/ or styles/ folder: this is not a GeoServer data directory' };
}

/**
 * The files below `root`, with paths relative to it (see {@link findDataDirectoryRoot}); folder
 * entries (paths ending in `/`) are left out.
 */
export function filesBelow(files: DirFiles, root: string): DirFiles {
  const out: DirFiles = new Map();
  for (const [path, bytes] of files) {
    const normal = normalizedPath(path);
    if (!normal.startsWith(root) || normal.endsWith('/')) continue;
    out.set(normal.slice(root.length), bytes);
  }
  return out;
}
