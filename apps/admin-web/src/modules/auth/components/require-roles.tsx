import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, Spinner } from '../../../ui';
import { useAdministeredWorkspaces, useSessionRoles } from '../hooks/use-session-roles';
import { isAdmin, mayWriteSomewhere } from '../roles';

interface RequireRolesProps {
  title: string;
  children: ReactNode;
}

interface Refusal {
  allow: (roles: readonly string[]) => boolean;
  /** What the page is not for, said to a user it refuses. */
  refusal: string;
  /** Why, and what to do. */
  because: string;
}

/** A page for users whose roles `allow` it; anyone else gets its title and the refusal instead. */
function RequireRoles({ title, children, allow, refusal, because }: RequireRolesProps & Refusal) {
  const roles = useSessionRoles();
  if (roles === undefined) return <Spinner label="Checking your roles…" />;
  if (allow(roles)) return <>{children}</>;
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title={refusal} action={<Link to="/workspaces">Go to the workspaces</Link>}>
        {because}
      </EmptyState>
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
      refusal="For administrators only"
      because="This page needs the ADMIN role. You are signed in without it: ask an administrator if you need it."
    />
  );
}

/**
 * Renders a page that only changes the catalog (a form to create, publish) for users who may write
 * somewhere: ADMIN, or a workspace administrator (whose writes the server keeps to its workspaces).
 */
export function RequireWrite(props: RequireRolesProps) {
  const administers = useAdministeredWorkspaces();
  return (
    <RequireRoles
      {...props}
      allow={(roles) => mayWriteSomewhere(roles, administers)}
      refusal="You can read the catalog, not change it"
      because="Changing the catalog needs the ADMIN role, or the administration of a workspace. You are signed in without either: ask an administrator if you need it."
    />
  );
}
