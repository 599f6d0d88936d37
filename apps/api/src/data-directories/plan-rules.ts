import type { PlanEntry } from '@geocatalog/catalog-exchange';
import type { RuleFamily, RuleService } from '../access/rule.service';
import { MODE_ROW } from '../access/rule.service';
import { parseServiceKey } from '@geocatalog/catalog-model';
import type { DataDirectory } from './data-directory';

/** What planning rules needs from the planner. */
export interface RulesPlanContext {
  dir: DataDirectory;
  rules: RuleService;
  add: (entry: PlanEntry, apply?: () => Promise<unknown>) => void;
}

const FAMILIES: Array<{ family: RuleFamily; kind: 'rule' | 'serviceRule'; of: (dir: DataDirectory) => Array<[string, string]> | undefined }> = [
  { family: 'layers', kind: 'rule', of: (dir) => dir.dataRules },
  { family: 'services', kind: 'serviceRule', of: (dir) => dir.serviceRules },
];

/**
 * The rules lines of an import plan (contract §8, §12): each rule of `security/layers.properties`
 * (its `mode` line the catalog mode) and `services.properties` is a `create`, an `update` of its
 * roles, or `unchanged`; rules the directory lacks are kept, unless `prune` (then see
 * {@link pruneRules}). Writes go through the rule service, as the REST API's do.
 */
export async function planRules(ctx: RulesPlanContext): Promise<void> {
  for (const { family, kind, of } of FAMILIES) {
    const sent = of(ctx.dir);
    if (!sent) continue;
    const current = new Map(await ctx.rules.list(family));
    if (family === 'layers') current.set(MODE_ROW, await ctx.rules.mode());
    for (const [key, value] of sent) {
      const resource = `/security/acl/${family}/${key}`;
      const now = current.get(key);
      if (key === MODE_ROW) {
        if (now === value) ctx.add({ action: 'unchanged', kind, resource });
        else ctx.add({ action: 'update', kind, resource, reason: 'mode' }, () => ctx.rules.setMode(value));
      } else if (now === undefined) {
        ctx.add({ action: 'create', kind, resource }, () => ctx.rules.create(family, [[key, value]]));
      } else if (now !== value) {
        ctx.add({ action: 'update', kind, resource, reason: 'roles' }, () => ctx.rules.update(family, [[key, value]]));
      } else {
        ctx.add({ action: 'unchanged', kind, resource });
      }
    }
  }
}

/** A rule's key as the catalog compares it: trimmed; a service rule's `service.method` as parsed. */
function compared(family: RuleFamily, key: string): string {
  if (family === 'layers') return key.trim();
  const parsed = parseServiceKey(key);
  return parsed.ok ? `${parsed.value.service}.${parsed.value.method}` : key.trim();
}

/**
 * With `?prune=true` (contract §8): a directory's `security/layers.properties` (or
 * `services.properties`) is the whole server's rules, one file, so the catalog's rules it lacks are
 * deleted, and a missing `mode` line puts the catalog mode back to GeoServer's default, `HIDE`.
 * A directory without the file leaves that family as it is.
 */
export async function pruneRules(ctx: RulesPlanContext): Promise<void> {
  for (const { family, kind, of } of FAMILIES) {
    const sent = of(ctx.dir);
    if (!sent) continue;
    const kept = new Set(sent.map(([key]) => compared(family, key)));
    for (const [key] of await ctx.rules.list(family)) {
      if (kept.has(compared(family, key))) continue;
      ctx.add({ action: 'delete', kind, resource: `/security/acl/${family}/${key}` }, () => ctx.rules.delete(family, key));
    }
    if (family === 'layers' && !kept.has(MODE_ROW) && (await ctx.rules.mode()) !== 'HIDE') {
      ctx.add({ action: 'update', kind, resource: `/security/acl/layers/${MODE_ROW}`, reason: 'mode' }, () => ctx.rules.setMode('HIDE'));
    }
  }
}
