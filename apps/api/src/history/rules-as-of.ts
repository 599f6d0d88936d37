import { Injectable } from '@nestjs/common';
import { decisionOf, type AccessDecision } from '@geocatalog/catalog-model';
import { CatalogDb } from '../database/catalog-db';
import type { ChangeEvent } from './change-log';

/** Whether `change` changed the data or service rules. */
export function changesRules(change: ChangeEvent): boolean {
  return change.kind === 'rule' || change.kind === 'serviceRule';
}

/**
 * The rules as they were right after a committed change, read in one statement (one snapshot):
 * the rule rows as they are now, with every rule change committed after it undone (a rule a later
 * change touched was as that first later change found it: `raw_before`, or absent after an insert).
 * Exact for any change the history still holds: retention drops the oldest changes only.
 */
const RULES_AS_OF = `
  WITH later AS (
    SELECT DISTINCT ON (kind, record_id) kind, record_id, raw_before
      FROM catalog_change
     WHERE kind IN ('rule', 'serviceRule') AND seq > $1
     ORDER BY kind, record_id, seq)
  SELECT 'rule' AS kind, name, value FROM data_rule r
   WHERE NOT EXISTS (SELECT 1 FROM later l WHERE l.kind = 'rule' AND l.record_id = r.id)
  UNION ALL
  SELECT 'serviceRule', name, value FROM service_rule s
   WHERE NOT EXISTS (SELECT 1 FROM later l WHERE l.kind = 'serviceRule' AND l.record_id = s.id)
  UNION ALL
  SELECT kind, raw_before->>'name', raw_before->>'value' FROM later WHERE raw_before IS NOT NULL`;

/**
 * The data rules' decision as it was when a change was committed (contract §12): the event stream
 * sends a change only to those who could read its record then — and can now — so a change made
 * while a rule hid its workspace is never sent, however late the stream reads it.
 */
@Injectable()
export class RulesAsOf {
  constructor(private readonly db: CatalogDb) {}

  /** The decision of the rules right after change number `seq` committed. */
  async decisionAt(seq: bigint): Promise<AccessDecision> {
    const rows = await this.db.query<{ kind: string; name: string; value: string }>(RULES_AS_OF, [seq.toString()]);
    const entries = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => [r.name, r.value] as const);
    return decisionOf(entries('rule'), entries('serviceRule'));
  }

  /**
   * A reader of changes in commit order, each answered with the decision as of it: read again only
   * at the first change and after each change of rules (the rules cannot change in between).
   */
  cursor(): (change: ChangeEvent) => Promise<AccessDecision> {
    let current: Promise<AccessDecision> | undefined;
    return (change) => {
      if (!current || changesRules(change)) {
        const read = this.decisionAt(BigInt(change.seq));
        // A failed read is not kept: the next change reads again.
        read.catch(() => {
          if (current === read) current = undefined;
        });
        current = read;
      }
      return current;
    };
  }
}
