import { closeSync, constants, openSync, readFileSync, writeFileSync } from 'node:fs';
import { CliFailure } from './cli-failure';

/** `O_NOFOLLOW` where the platform has it (not on Windows, where links need privileges to make). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** Opens `path` without following a symbolic link in its place (a `CliFailure` that says so). */
function openNoFollow(path: string, flags: number): number {
  try {
    return openSync(path, flags | NO_FOLLOW, 0o666);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new CliFailure(`${path} is a symbolic link: geocatalog reads and writes no file through a link`);
    throw e;
  }
}

/** A file's bytes; a symbolic link in its place is refused, not followed. */
export function readFileNoFollow(path: string): Buffer {
  const fd = openNoFollow(path, constants.O_RDONLY);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a file; a symbolic link in its place is refused, not followed. With `exclusive`, only when
 * nothing is there yet (`EEXIST`), else the file is replaced.
 */
export function writeFileNoFollow(path: string, bytes: Uint8Array, exclusive: boolean): void {
  const fd = openNoFollow(path, constants.O_WRONLY | constants.O_CREAT | (exclusive ? constants.O_EXCL : constants.O_TRUNC));
  try {
    writeFileSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}
