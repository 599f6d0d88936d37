import { Button } from '../../../ui';
import { useAuth } from '../hooks/use-auth';
import './session-menu.css';

/** Who is signed in, and the Sign out button. */
export function SessionMenu() {
  const { session, signOut } = useAuth();
  if (!session) return null;
  return (
    <div className="session-menu">
      <span className="session-menu__avatar" aria-hidden="true">
        {session.userName.slice(0, 1).toUpperCase()}
      </span>
      <span className="session-menu__who">
        Signed in as <strong>{session.userName}</strong>
      </span>
      <Button variant="ghost" onClick={() => void signOut()}>
        Sign out
      </Button>
    </div>
  );
}
