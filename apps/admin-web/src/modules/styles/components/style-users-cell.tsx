import { useState } from 'react';
import { Link } from 'react-router-dom';
import { qualifiedLayerName, qualifiedStyleName, type StyleRef } from '../../../api';
import { Button, Spinner } from '../../../ui';
import { layerPagePath } from '../../layers';
import { useLayersUsingStyle } from '../hooks/use-styles';

/**
 * Which layers use a style, on request: finding out reads every candidate layer's record (the REST
 * API has no reverse index), too much to do for every row of a page at once.
 */
export function StyleUsersCell({ style }: { style: StyleRef }) {
  const [asked, setAsked] = useState(false);
  const users = useLayersUsingStyle(asked ? style : null);
  const name = qualifiedStyleName(style);
  if (!asked) {
    return (
      <Button small variant="ghost" onClick={() => setAsked(true)} aria-label={`Show layers that use ${name}`}>
        Show layers
      </Button>
    );
  }
  if (users.isPending) return <Spinner size="small" label={`Looking for the layers that use ${name}`} />;
  if (users.error) return <span className="table__muted">{users.error.message}</span>;
  if (users.data.length === 0) return <span className="table__muted">No layer</span>;
  return (
    <ul className="styles-page__users" aria-label={`Layers that use ${name}`}>
      {users.data.map(({ layer, asDefault }) => (
        <li key={qualifiedLayerName(layer)}>
          <Link to={layerPagePath(layer)}>{qualifiedLayerName(layer)}</Link>
          {asDefault && <span className="table__muted"> (default)</span>}
        </li>
      ))}
    </ul>
  );
}
