import { useRef, useState, type FormEvent } from 'react';
import type { RestError } from '../../../api';
import { Alert, Button, ErrorIcon, SelectField, Spinner, SuccessIcon, TextField } from '../../../ui';
import { useTestConnection } from '../hooks/use-data-stores';
import {
  fieldOfServerError,
  STORE_FIELDS,
  storeInputOf,
  validateStoreForm,
  type StoreField,
  type StoreFormErrors,
  type StoreFormValues,
} from '../store-form-model';
import './store-form.css';

export interface StoreFormProps {
  /** `view`: the stored values, read only, without password, test or buttons (a user who may not write). */
  mode: 'create' | 'edit' | 'view';
  initial: StoreFormValues;
  /** Workspaces to choose from (create only). */
  workspaces?: string[];
  /** The stored `crypt2:` password of an edited store, sent back when none is typed. */
  storedPassword?: string;
  busy: boolean;
  /** The save's refusal, shown at its field or above the buttons. */
  serverError: RestError | null;
  onSubmit: (values: StoreFormValues) => void;
  onCancel: () => void;
  /** Told whether the values differ from `initial`, as they are typed. */
  onDirtyChange?: (dirty: boolean) => void;
}

const FORM_NAMES = { create: 'New PostGIS data store', edit: 'Edit data store', view: 'Data store connection' } as const;

/**
 * The PostGIS store form: basic information, connection parameters, "Test connection" (the server
 * opens a connection with the typed parameters and saves nothing) and Save.
 */
export function StoreForm({ mode, initial, workspaces = [], storedPassword, busy, serverError, onSubmit, onCancel, onDirtyChange }: StoreFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<StoreFormErrors>({});
  const [checked, setChecked] = useState<'save' | 'test' | null>(null);
  const refs = useRef<Partial<Record<StoreField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const test = useTestConnection();

  const serverField = serverError ? fieldOfServerError(serverError.status, serverError.message) : null;
  const fieldError = (field: StoreField) => errors[field] ?? (serverField === field ? serverError?.message : undefined) ?? null;

  function change(field: StoreField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    onDirtyChange?.(STORE_FIELDS.some((name) => next[name] !== initial[name]));
    if (checked) setErrors(validateStoreForm(next, checked));
    if (test.data || test.error) test.reset();
  }

  function focusFirst(found: StoreFormErrors) {
    const first = STORE_FIELDS.find((field) => found[field]);
    if (first) refs.current[first]?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateStoreForm(values, 'save');
    setChecked('save');
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    onSubmit(values);
  }

  function testConnection() {
    const found = validateStoreForm(values, 'test');
    setChecked('test');
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    test.mutate(storeInputOf({ ...values, name: values.name || 'connection-test' }, storedPassword));
  }

  const field = (name: StoreField) => ({
    name,
    readOnly: mode === 'view' || undefined,
    value: values[name],
    error: fieldError(name),
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
      refs.current[name] = element;
    },
  });

  const generalError = serverError && !serverField ? serverError.message : null;

  return (
    <form className="store-form" onSubmit={submit} noValidate aria-label={FORM_NAMES[mode]}>
      <fieldset className="store-form__group">
        <legend>Basic information</legend>
        <div className="store-form__grid">
          {mode === 'create' ? (
            <SelectField label="Workspace" required {...field('workspace')}>
              <option value="">Choose a workspace…</option>
              {workspaces.map((workspace) => (
                <option key={workspace} value={workspace}>
                  {workspace}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField label="Workspace" readOnly value={values.workspace} name="workspace" />
          )}
          <TextField
            label="Name"
            required
            autoComplete="off"
            spellCheck={false}
            hint={mode === 'create' ? 'Letters, digits, _ - and . ; it names the store in REST paths.' : undefined}
            {...field('name')}
            readOnly={mode !== 'create'}
          />
          <TextField label="Description" autoComplete="off" className="store-form__wide" {...field('description')} />
        </div>
      </fieldset>
      <fieldset className="store-form__group">
        <legend>PostGIS connection</legend>
        <div className="store-form__grid">
          <TextField label="Host" required autoComplete="off" spellCheck={false} {...field('host')} />
          <TextField label="Port" required inputMode="numeric" autoComplete="off" {...field('port')} />
          <TextField label="Database" required autoComplete="off" spellCheck={false} {...field('database')} />
          <TextField label="Schema" autoComplete="off" spellCheck={false} hint="Tables are listed from this schema." {...field('schema')} />
          <TextField label="User" required autoComplete="off" spellCheck={false} {...field('user')} />
          {mode !== 'view' && (
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={
                mode === 'edit' ? 'Leave empty to keep the stored password. It is stored encrypted and never shown.' : 'Stored encrypted; never shown again.'
              }
              {...field('passwd')}
            />
          )}
        </div>
      </fieldset>
      {mode !== 'view' && (
        <>
          <div className="store-form__test" role="status">
            {test.isPending && (
              <p className="store-form__test-line">
                <Spinner size="small" /> Connecting to {values.host}:{values.port}…
              </p>
            )}
            {test.data?.ok && (
              <p className="store-form__test-line store-form__test-line--ok">
                <SuccessIcon size={16} /> Connection works{test.data.message ? `: ${test.data.message}` : '.'}
              </p>
            )}
            {test.data && !test.data.ok && (
              <p className="store-form__test-line store-form__test-line--fail">
                <ErrorIcon size={16} /> Connection failed: {test.data.message}
              </p>
            )}
            {test.error && (
              <p className="store-form__test-line store-form__test-line--fail">
                <ErrorIcon size={16} />
                {test.error.status === 404 || test.error.status === 405
                  ? 'This server cannot test connections; Save checks the connection instead.'
                  : `The test could not run: ${test.error.message}`}
              </p>
            )}
          </div>

          {generalError && (
            <Alert tone="error" title={mode === 'create' ? 'The data store was not created' : 'The changes were not saved'}>
              {generalError}
            </Alert>
          )}

          <div className="store-form__actions">
            <Button onClick={testConnection} busy={test.isPending} disabled={busy}>
              Test connection
            </Button>
            <span className="store-form__spacer" />
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" busy={busy}>
              {mode === 'create' ? (busy ? 'Creating…' : 'Create data store') : busy ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
