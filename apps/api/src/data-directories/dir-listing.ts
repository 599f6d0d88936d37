import type { DirFiles } from './data-directory';

/**
 * How deep the reader looks: `workspaces/{ws}/{store}/{resource}/featuretype.xml` is the deepest
 * file GeoServer reads. Deeper paths are not listed, so a hostile path cannot cost more than that.
 */
const LISTED_DEPTH = 5;

/** The folders and files of a data directory, listed the way GeoServer walks it (sorted by name). */
export class DirListing {
  private readonly folders = new Map<string, { files: Set<string>; folders: Set<string> }>();

  constructor(readonly files: DirFiles) {
    for (const path of files.keys()) {
      const segments = path.split('/');
      for (let i = 0; i < Math.min(segments.length, LISTED_DEPTH); i++) {
        const folder = segments
          .slice(0, i)
          .map((s) => `${s}/`)
          .join('');
        const entry = this.folder(folder);
        if (i === segments.length - 1) entry.files.add(segments[i]);
        else entry.folders.add(segments[i]);
      }
    }
  }

  private folder(path: string) {
    let entry = this.folders.get(path);
    if (!entry) {
      entry = { files: new Set(), folders: new Set() };
      this.folders.set(path, entry);
    }
    return entry;
  }

  /** Names of the files directly in `folder` (`''` for the root, else ending in `/`). */
  filesIn(folder: string): string[] {
    return [...(this.folders.get(folder)?.files ?? [])].sort();
  }

  /** Names of the folders directly in `folder`. */
  foldersIn(folder: string): string[] {
    return [...(this.folders.get(folder)?.folders ?? [])].sort();
  }

  /** Whether a file (not a folder) is at `path`. */
  has(path: string): boolean {
    return this.files.has(path);
  }

  /** Whether anything is inside `folder`. */
  hasFolder(folder: string): boolean {
    return this.folders.has(folder);
  }

  /** The bytes at `path`. */
  bytes(path: string): Uint8Array | undefined {
    return this.files.get(path);
  }
}
