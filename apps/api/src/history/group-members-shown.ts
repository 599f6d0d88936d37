import type { PublishedReads } from '../rest/rest-request';

type Json = Record<string, unknown>;

/**
 * A layer group's JSON representation in a change (`before`/`after`) as a caller who may not read
 * all of its members reads it (contract §12, as the group's own GET): without those members and
 * their styles, and without the bounds they count in (the history keeps no member's box to bound
 * the rest by). Any other representation, or a group whose members the caller all reads, as it is.
 */
export function groupMembersShown(rep: unknown, reads: PublishedReads): unknown {
  const group = (rep as { layerGroup?: unknown } | null)?.layerGroup as Json | undefined;
  if (!group || typeof group !== 'object') return rep;
  const published = asArray((group.publishables as Json | undefined)?.published);
  const shown = published.map((p) => readable(p, reads));
  if (shown.every(Boolean)) return rep;
  const styles = asArray((group.styles as Json | undefined)?.style);
  const { bounds: _counted, ...rest } = group;
  return {
    layerGroup: {
      ...rest,
      publishables: { published: published.filter((_, i) => shown[i]) },
      styles: { style: styles.filter((_, i) => shown[i]) },
    },
  };
}

/** A list of the representation: one item may be written as the item itself. */
function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/** Whether the caller reads a `<published>` member (`ws:name`, or a global group's bare name). */
function readable(p: unknown, reads: PublishedReads): boolean {
  const name = (p as { name?: unknown } | null)?.name;
  if (typeof name !== 'string') return true;
  const colon = name.indexOf(':');
  return colon > 0 ? reads(name.slice(0, colon), name.slice(colon + 1)) : reads(null, name);
}
