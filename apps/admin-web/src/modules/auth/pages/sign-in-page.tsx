import { Navigate, useLocation } from 'react-router-dom';
import { Alert, BrandMark } from '../../../ui';
import { SessionCheck, type SignInLocationState } from '../components/require-session';
import { SignInForm } from '../components/sign-in-form';
import { useAuth } from '../hooks/use-auth';
import './sign-in-page.css';

const HOME = '/workspaces';

/** The only page reachable without a session; once signed in, it sends the user on. */
export function SignInPage() {
  const { session, checking, notice } = useAuth();
  const location = useLocation();
  const from = (location.state as SignInLocationState | null)?.from;
  const destination = from && from !== '/sign-in' ? from : HOME;

  if (checking) return <SessionCheck />;
  if (session) return <Navigate to={destination} replace />;

  return (
    <main className="sign-in-page" id="main">
      <div className="sign-in-page__panel">
        <div className="sign-in-page__brand">
          <BrandMark size={40} />
          <span className="sign-in-page__product">geocatalog</span>
        </div>
        <h1 className="sign-in-page__title">Sign in</h1>
        <p className="sign-in-page__lead">Manage workspaces, data stores, layers and styles of the catalog.</p>
        {notice && (
          <Alert tone={notice.tone} className="sign-in-page__notice">
            {notice.text}
          </Alert>
        )}
        <SignInForm />
      </div>
    </main>
  );
}
