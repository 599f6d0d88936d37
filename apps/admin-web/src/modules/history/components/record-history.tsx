import { Card, LinkButton } from '../../../ui';
import { useIsAdmin } from '../../auth';
import { historyPagePath } from '../resource-paths';
import { ChangeHistory } from './change-history';

/**
 * The "History" section of a record's page: its changes (and those of what it holds), with
 * Revert. Administrators only (the history's endpoints are): nothing for anyone else.
 */
export function RecordHistory({ resource, what }: { resource: string; what: string }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return null;
  return (
    <Card
      title="History"
      flush
      aside={
        <LinkButton small variant="ghost" to={historyPagePath(resource)}>
          All in History
        </LinkButton>
      }
    >
      <ChangeHistory filter={{ resource }} caption={`Changes of ${what}`} pageSize={10} emptyText={`Nothing has been recorded for ${what} yet.`} />
    </Card>
  );
}
