import { useEffect, useRef } from 'react';
import type { Change } from '../../../api';
import { Button } from '../../../ui';
import { kindWords, operationWords } from './change-words';
import { FieldDiff } from './field-diff';

/**
 * The details of one change, in the row under the change's own row of the history table: the
 * record before and after, field by field, and Revert. Scrolled into view when opened, so that a
 * row near the bottom of the page does not open its details out of sight.
 */
export function ChangeDetails({ change, id, columns, onRevert }: { change: Change; id: string; columns: number; onRevert: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [change.seq]);
  return (
    <tr className="change-history__details-row">
      <td colSpan={columns}>
        <section ref={ref} className="change-history__details" id={id} aria-labelledby={`${id}-title`}>
          <div className="change-history__details-head">
            <div>
              <h3 className="change-history__details-title" id={`${id}-title`}>
                Change {change.seq}: {kindWords(change.kind)} {operationWords(change.operation)}
              </h3>
              <p className="change-history__details-meta">
                <code>{change.resource}</code> by {change.user || 'unknown'} on {new Date(change.time).toLocaleString()}
              </p>
            </div>
            <Button variant="danger" onClick={onRevert}>
              Revert
            </Button>
          </div>
          <FieldDiff before={change.before} after={change.after} caption={`Fields changed by change ${change.seq}`} />
        </section>
      </td>
    </tr>
  );
}
