import { exportedRole, importedRole, parseDataKey, parseRoles, parseServiceKey } from '@geocatalog/catalog-model';

/**
 * GeoServer's `security/layers.properties` and `services.properties` as this catalog reads and
 * writes them (contract §8, §12). Framework-free.
 *
 * - Read: Java properties lines `key=value` (`:` also separates; `#` and `!` start comments;
 *   blanks around the separator dropped; a trailing `\` continues a line). Roles are mapped from
 *   GeoServer's names (`ROLE_ADMINISTRATOR` → `ADMIN`, `ROLE_ANONYMOUS` → `ANONYMOUS`,
 *   `ROLE_AUTHENTICATED` → `AUTHENTICATED`); a line that is no rule is reported, not read.
 * - Written: one `key=roles` line per rule in the catalog's order, `mode=…` first in
 *   `layers.properties`, roles mapped back, `\n` line ends, no date comment (GeoServer's
 *   `Properties.store` writes one): the same rules give the same bytes.
 */

/** A rule as a line of a properties file: key and (this catalog's) value. */
export type PropertyRule = [key: string, value: string];

/** What reading a file gave: the rules, and the lines it could not read (with why). */
export interface ReadProperties {
  rules: PropertyRule[];
  problems: string[];
}

/** The logical lines of a properties file as key/value pairs (continuations joined, comments dropped). */
export function propertyLines(text: string): Array<[string, string]> {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: Array<[string, string]> = [];
  let pending = '';
  for (const raw of physical) {
    const line = pending ? pending + raw.replace(/^\s+/, '') : raw.replace(/^\s+/, '');
    pending = '';
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const trailing = /(\\+)$/.exec(line)?.[1].length ?? 0;
    if (trailing % 2 === 1) {
      pending = line.slice(0, -1);
      continue;
    }
    const sep = /\s*[=:]\s*|\s+/.exec(line);
    if (!sep) out.push([unescape(line), '']);
    else out.push([unescape(line.slice(0, sep.index)), unescape(line.slice(sep.index + sep[0].length))]);
  }
  if (pending) out.push([unescape(pending), '']);
  return out;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', f: '\f' })[c] ?? c);
}

function mappedRoles(value: string): string {
  const roles = parseRoles(value);
  return roles.ok ? roles.value.map(importedRole).join(',') : value;
}

/** Reads `layers.properties`: data rules and the `mode` line. */
export function readLayersProperties(text: string): ReadProperties {
  const rules: PropertyRule[] = [];
  const problems: string[] = [];
  for (const [key, value] of propertyLines(text)) {
    if (key.toLowerCase() === 'mode') {
      const mode = value.trim().toUpperCase();
      if (mode === 'HIDE' || mode === 'CHALLENGE' || mode === 'MIXED') rules.push(['mode', mode]);
      else problems.push(`Invalid catalog mode '${value}'`);
      continue;
    }
    const parsed = parseDataKey(key);
    const roles = parseRoles(value);
    if (!parsed.ok) problems.push(parsed.problem);
    else if (!roles.ok) problems.push(roles.problem);
    else rules.push([key.trim(), mappedRoles(value)]);
  }
  return { rules, problems };
}

/** Reads `services.properties`. */
export function readServicesProperties(text: string): ReadProperties {
  const rules: PropertyRule[] = [];
  const problems: string[] = [];
  for (const [key, value] of propertyLines(text)) {
    const parsed = parseServiceKey(key);
    const roles = parseRoles(value);
    if (!parsed.ok) problems.push(parsed.problem);
    else if (!roles.ok) problems.push(roles.problem);
    else rules.push([`${parsed.value.service}.${parsed.value.method}`, mappedRoles(value)]);
  }
  return { rules, problems };
}

/** Writes rules as a properties file (the `mode` line, if any, first), roles in GeoServer's names. */
export function writeProperties(rules: readonly PropertyRule[]): string {
  const ordered = [...rules.filter(([k]) => k === 'mode'), ...rules.filter(([k]) => k !== 'mode')];
  return ordered.map(([key, value]) => `${key}=${key === 'mode' ? value : value.split(',').map(exportedRole).join(',')}\n`).join('');
}
