/**
 * The history's pieces for rules (contract §7): a `data_rule` or `service_rule` row drawn as
 * GeoServer's rule (`{"rule":{"resource":"topp.*.r","roles":"ROLE_A"}}`; the catalog mode's row
 * as `{"rule":{"resource":"mode","roles":"HIDE"}}`, its line of `layers.properties`), and what no
 * two rows share for a revert.
 */

/** A rule's row as the history keeps it. */
export function drawRule(raw: Record<string, unknown>): unknown {
  return { rule: { resource: String(raw.name), roles: String(raw.value) } };
}

/** What no two rule rows share: the key. */
export const RULE_UNIQUE = {
  rule: [['t.name = r.name', 'has its key now']] as Array<[string, string]>,
  serviceRule: [['t.name = r.name', 'has its key now']] as Array<[string, string]>,
};
