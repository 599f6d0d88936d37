import { useState, type FormEvent, type RefObject } from 'react';
import { Alert, Button, SuccessIcon, TextField } from '../../../ui';
import { useCreateWorkspace } from '../hooks/use-create-workspace';
import { workspaceNameProblem } from '../workspace-name';
import './create-workspace-form.css';

export interface CreateWorkspaceFormProps {
  /** The name input, so that the page can bring focus to it (e.g. from the empty state). */
  nameInputRef: RefObject<HTMLInputElement | null>;
  /** Called with the created workspace's name. */
  onCreated?: (name: string) => void;
}

/** Statuses whose message is about the name the user typed (bad name, name taken). */
const NAME_STATUSES = new Set([400, 409]);

/** A name field checked with the catalog's name rule before it is sent; shows the server's refusals. */
export function CreateWorkspaceForm({ nameInputRef, onCreated }: CreateWorkspaceFormProps) {
  const [name, setName] = useState('');
  // The rule is checked from the first submit on, then on every keystroke, never while typing the first time.
  const [checking, setChecking] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const mutation = useCreateWorkspace();

  const nameProblem = checking ? workspaceNameProblem(name) : null;
  const serverError = mutation.error;
  const nameError = nameProblem ?? (serverError && NAME_STATUSES.has(serverError.status) ? serverError.message : null);
  const otherError = serverError && !NAME_STATUSES.has(serverError.status) ? serverError.message : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setChecking(true);
    setCreated(null);
    if (workspaceNameProblem(name)) {
      nameInputRef.current?.focus();
      return;
    }
    mutation.mutate(name, {
      onSuccess: (createdName) => {
        setName('');
        setChecking(false);
        setCreated(createdName);
        onCreated?.(createdName);
        nameInputRef.current?.focus();
      },
      onError: () => nameInputRef.current?.focus(),
    });
  }

  return (
    <form className="create-workspace-form" onSubmit={submit} noValidate>
      <TextField
        ref={nameInputRef}
        label="Name"
        name="name"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={name}
        error={nameError}
        hint={
          <>
            Starts with a letter or <code>_</code>; then letters, digits, <code>_</code>, <code>-</code> or <code>.</code>. It is also the namespace prefix.
          </>
        }
        onChange={(event) => {
          setName(event.target.value);
          setCreated(null);
          if (mutation.error) mutation.reset();
        }}
      />
      {otherError && <Alert tone="error">{otherError}</Alert>}
      <div className="create-workspace-form__footer">
        <Button type="submit" variant="primary" busy={mutation.isPending}>
          {mutation.isPending ? 'Creating…' : 'Create workspace'}
        </Button>
        {/* Always in the DOM so that screen readers announce the message when it appears. */}
        <p className="create-workspace-form__status" role="status">
          {created && (
            <>
              <SuccessIcon className="create-workspace-form__status-icon" />
              Workspace <strong>{created}</strong> created.
            </>
          )}
        </p>
      </div>
    </form>
  );
}
