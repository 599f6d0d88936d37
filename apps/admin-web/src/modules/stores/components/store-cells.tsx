import type { DataStoreRef } from '../../../api';
import { Badge, Skeleton } from '../../../ui';
import { useDataStore } from '../hooks/use-data-stores';

/** Type, connection and state of one store, read when its row shows. */
export function StoreConnectionCell({ store }: { store: DataStoreRef }) {
  const record = useDataStore(store);
  if (record.isPending) return <Skeleton width="70%" />;
  if (record.error) return <span className="table__muted">Unreadable: {record.error.message}</span>;
  const p = record.data.connectionParameters;
  return (
    <span className="store-cell">
      <code>
        {p.host}:{p.port}/{p.database}
        {p.schema ? ` · ${p.schema}` : ''}
      </code>
    </span>
  );
}

export function StoreTypeCell({ store }: { store: DataStoreRef }) {
  const record = useDataStore(store);
  if (record.isPending) return <Skeleton width="50%" />;
  if (!record.data) return null;
  return (
    <span className="store-cell__badges">
      <Badge tone="info">{record.data.type || 'Unknown'}</Badge>
      {!record.data.enabled && <Badge tone="danger">Disabled</Badge>}
    </span>
  );
}
