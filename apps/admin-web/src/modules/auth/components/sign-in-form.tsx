import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { isRestError, type Credentials } from '../../../api';
import { Alert, Button, TextField } from '../../../ui';
import { useAuth } from '../hooks/use-auth';
import './sign-in-form.css';

/** Shown when the server answers 401 to the credentials. */
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong user name or password';

/** User name and password, checked against the REST API; success starts the session. */
export function SignInForm() {
  const { signIn } = useAuth();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [userNameError, setUserNameError] = useState<string | null>(null);
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: (credentials: Credentials) => signIn(credentials),
    onError: (error) => {
      // After wrong credentials the password is what most likely needs retyping.
      const field = isRestError(error, 401) ? passwordRef.current : userNameRef.current;
      field?.focus();
      field?.select();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!userName) {
      setUserNameError('Enter your user name.');
      userNameRef.current?.focus();
      return;
    }
    setUserNameError(null);
    mutation.mutate({ userName, password });
  }

  const failure = mutation.error ? (isRestError(mutation.error, 401) ? WRONG_CREDENTIALS_MESSAGE : mutation.error.message) : null;

  return (
    <form className="sign-in-form" onSubmit={submit} noValidate>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        ref={userNameRef}
        label="User name"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        value={userName}
        error={userNameError}
        onChange={(event) => setUserName(event.target.value)}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="primary" block busy={mutation.isPending}>
        {mutation.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
