import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, Spinner } from '../../../ui';
import { useSessionRoles } from '../hooks/use-session-roles';
import { isAdmin, mayWrite } from '../roles';

interface RequireRolesProps {
  title: string;
  children: ReactNode;
}

/** A page for users whose roles `allow` it; anyone else gets its title and `refusal` instead. */
function RequireRoles({ title, children, allow, refusal }: RequireRolesProps & { allow: (roles: readonly string[]) => boolean; refusal: ReactNode }) {
  const roles = useSessionRoles();
  if (roles === undefined) return <Spinner label="Checking your roles…" />;
  if (allow(roles)) return <>{children}</>;
  return (
    <>
      <PageHeader title={title} />
      {refusal}
    </>
  );
}

/**
 * Renders a page only administrators may use (its REST endpoints answer 403 to anyone else): for
 * another user, the page's title and a sentence saying why it is not shown, instead of a page
 * whose every request fails.
 */
export function RequireAdmin(props: RequireRolesProps) {
  return (
    <RequireRoles
      {...props}
      allow={isAdmin}
      refusal={
        <EmptyState title="For administrators only" action={<Link to="/workspaces">Go to the workspaces</Link>}>
          This page needs the ADMIN role. You are signed in without it: ask an administrator if you need it.
        </EmptyState>
      }
    />
  );
}

/** Renders a page that only changes the catalog (a form to create, publish) for users who may write. */
export function RequireWrite(props: RequireRolesProps) {
  return (
    <RequireRoles
      {...props}
      allow={mayWrite}
      refusal={
        <EmptyState title="You can read the catalog, not change it" action={<Link to="/workspaces">Go to the workspaces</Link>}>
          Changing the catalog needs the ADMIN role. You are signed in without it: ask an administrator if you need it.
        </EmptyState>
      }
    />
  );
}
