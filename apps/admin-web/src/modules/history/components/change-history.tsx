import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Change, ChangeFilter } from '../../../api';
import { Alert, Badge, Button, EmptyState, Skeleton, Table } from '../../../ui';
import { useChangeHistory } from '../hooks/use-change-history';
import { consolePathOf } from '../resource-paths';
import { ChangeDetails } from './change-details';
import { kindWords, operationTone, operationWords } from './change-words';
import { RevertDialog } from './revert-dialog';
import './change-history.css';

export interface ChangeHistoryProps {
  filter: ChangeFilter;
  /** Names the table for assistive technology. */
  caption: string;
  pageSize?: number;
  /** Shown when nothing was recorded under the filter. */
  emptyText: string;
}

/** The columns of the change table (the details row spans them all). */
const COLUMNS = 6;

/**
 * Changes newest first with "Load older"; a row's "Details" opens, in a row right under it, the
 * record before and after the change, field by field, with Revert.
 */
export function ChangeHistory({ filter, caption, pageSize = 25, emptyText }: ChangeHistoryProps) {
  const history = useChangeHistory(filter, pageSize);
  const [selected, setSelected] = useState<number | null>(null);
  const [reverting, setReverting] = useState<Change | null>(null);
  const detailsId = useId();

  if (history.isPending) {
    return (
      <div className="change-history__loading" aria-busy="true">
        <Skeleton width="60%" />
        <Skeleton width="75%" />
        <Skeleton width="50%" />
      </div>
    );
  }
  if (history.error) {
    return (
      <div className="change-history__loading">
        <Alert tone="error" title="Could not load the history" actions={<Button onClick={() => void history.refetch()}>Retry</Button>}>
          {history.error.message}
        </Alert>
      </div>
    );
  }
  const changes = history.data.pages.flatMap((page) => page.changes);
  if (changes.length === 0) return <EmptyState title="No changes recorded">{emptyText}</EmptyState>;

  return (
    <div className="change-history">
      <Table caption={caption}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">User</th>
            <th scope="col">Operation</th>
            <th scope="col">Kind</th>
            <th scope="col">Resource</th>
            <th scope="col" className="change-history__end">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => {
            const page = consolePathOf(change.resource);
            const open = change.seq === selected;
            return (
              <Fragment key={change.seq}>
                <tr className={open ? 'change-history__row--selected' : undefined}>
                  <td>
                    <time dateTime={change.time}>{new Date(change.time).toLocaleString()}</time>
                  </td>
                  <td>{change.user}</td>
                  <td>
                    <Badge tone={operationTone(change.operation)}>{operationWords(change.operation)}</Badge>
                  </td>
                  <td>{kindWords(change.kind)}</td>
                  <th scope="row" className="change-history__resource">
                    {page ? <Link to={page}>{change.resource}</Link> : <code>{change.resource}</code>}
                  </th>
                  <td className="change-history__end">
                    <Button
                      small
                      variant="ghost"
                      aria-expanded={open}
                      aria-controls={open ? detailsId : undefined}
                      aria-label={`Details of change ${change.seq}`}
                      onClick={() => setSelected(open ? null : change.seq)}
                    >
                      Details
                    </Button>
                  </td>
                </tr>
                {open && <ChangeDetails change={change} id={detailsId} columns={COLUMNS} onRevert={() => setReverting(change)} />}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
      {history.hasNextPage && (
        <div className="change-history__more">
          <Button onClick={() => void history.fetchNextPage()} busy={history.isFetchingNextPage}>
            Load older
          </Button>
        </div>
      )}
      <RevertDialog change={reverting} onClose={() => setReverting(null)} />
    </div>
  );
}
