import { Link } from 'react-router-dom';
import { EmptyState, PageHeader } from '../ui';

/** Any console path that no page answers. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState title="There is nothing at this address" action={<Link to="/workspaces">Go to the workspaces</Link>}>
        The link may be old, or the page may come in a later version of the console.
      </EmptyState>
    </>
  );
}
