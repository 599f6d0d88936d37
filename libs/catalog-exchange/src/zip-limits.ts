import { unzipSync } from 'fflate';

/**
 * Limits on a zipped data directory, checked on the zip's own directory before anything is
 * inflated: by the import endpoint on what it is sent, and by the `geocatalog` CLI on an export it
 * unpacks. Plain data and fflate only: the api and the CLI (apps/cli) share it.
 */
export const ZIP_LIMITS = {
  /** The zip itself (the request body, or the export the CLI downloads). */
  zipBytes: 64 * 1024 * 1024,
  /** Entries (files and folders). */
  entries: 50_000,
  /** One file, inflated. */
  fileBytes: 32 * 1024 * 1024,
  /** Every file together, inflated. */
  totalBytes: 256 * 1024 * 1024,
};

export type ZipLimits = typeof ZIP_LIMITS;

/** A zip past one of the limits; the message says which. */
export class ZipTooLarge extends Error {}

/**
 * The files of a zip by entry name (folder entries left out), read within `limits`: the sizes are
 * read from the zip's directory first, and an entry that inflates to more than its recorded size is
 * cut at that size, so a zip bomb never gets memory. `checkName` sees each file's name before it is
 * inflated and throws to refuse it. Throws {@link ZipTooLarge}, what `checkName` throws, or
 * fflate's error for bytes that are no readable zip.
 */
export function unzipWithinLimits(bytes: Uint8Array, limits: ZipLimits, checkName: (name: string) => void): Record<string, Uint8Array> {
  if (bytes.length > limits.zipBytes) throw new ZipTooLarge(`The zip is larger than ${limits.zipBytes} bytes`);
  let entries = 0;
  let total = 0;
  return unzipSync(bytes, {
    filter: (file) => {
      if (++entries > limits.entries) throw new ZipTooLarge(`The zip holds more than ${limits.entries} entries`);
      if (file.name.endsWith('/')) return false;
      checkName(file.name);
      if (file.originalSize > limits.fileBytes) {
        throw new ZipTooLarge(`The zip entry ${file.name} inflates to more than ${limits.fileBytes} bytes`);
      }
      total += file.originalSize;
      if (total > limits.totalBytes) throw new ZipTooLarge(`The zip inflates to more than ${limits.totalBytes} bytes`);
      return true;
    },
  });
}
