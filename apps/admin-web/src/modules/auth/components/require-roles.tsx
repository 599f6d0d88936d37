import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, Spinner } from '../../../ui';
import { useSessionRoles } from '../hooks/use-is-admin';

/**
 * Renders a page only administrators may use (its REST endpoints answer 403 to anyone else): for
 * another user, the page's title and a sentence saying why it is not shown, instead of a page
 * whose every request fails.
 */
export function RequireAdmin({ title, children }: { title: string; children: ReactNode }) {
  const roles = useSessionRoles();
  if (roles === undefined) return <Spinner label="Checking your roles…" />;
  if (roles.includes('ADMIN')) return <>{children}</>;
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="For administrators only" action={<Link to="/workspaces">Go to the workspaces</Link>}>
        This page needs the ADMIN role. You are signed in without it: ask an administrator if you need it.
      </EmptyState>
    </>
  );
}
