import { formProblem, Style } from '@geocatalog/catalog-model';
import { useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, SelectField, TextField, useToast } from '../../../ui';
import { useCreateStyle } from '../hooks/use-styles';
import { styleEditorPath } from '../style-paths';
import { STYLE_TEMPLATES, templateSld, type StyleTemplate } from '../style-templates';

export interface CreateStyleFormProps {
  workspaces: string[];
  /** Preselected workspace (the list's filter). */
  workspace: string;
  nameInputRef: RefObject<HTMLInputElement | null>;
}

/** Name, workspace (or global) and a starting SLD; creates the style and opens its editor. */
export function CreateStyleForm({ workspaces, workspace: preset, nameInputRef }: CreateStyleFormProps) {
  const [name, setName] = useState('');
  const [workspace, setWorkspace] = useState(preset);
  const [template, setTemplate] = useState<StyleTemplate>('polygon');
  const [checking, setChecking] = useState(false);
  const create = useCreateStyle();
  const navigate = useNavigate();
  const toast = useToast();

  // The `Style` declaration's check, the api's own: same refusals, same words.
  const problem = name ? formProblem(Style, { name }) : 'Enter a name for the style.';
  const localProblem = checking ? problem : null;
  const serverNameError = create.error && (create.error.status === 409 || create.error.status === 400) ? create.error.message : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setChecking(true);
    if (problem) {
      nameInputRef.current?.focus();
      return;
    }
    const ref = { workspace: workspace || null, name };
    create.mutate(
      { ref, sld: templateSld(name, template) },
      {
        onSuccess: (created) => {
          toast.success(`Style ${workspace ? `${workspace}:` : ''}${created} created.`);
          navigate(styleEditorPath({ ...ref, name: created }));
        },
        onError: () => nameInputRef.current?.focus(),
      },
    );
  }

  return (
    <form className="create-style-form" onSubmit={submit} noValidate>
      <TextField
        ref={nameInputRef}
        label="Name"
        name="style-name"
        autoComplete="off"
        spellCheck={false}
        required
        value={name}
        error={localProblem ?? serverNameError}
        onChange={(event) => {
          setName(event.target.value);
          if (create.error) create.reset();
        }}
      />
      <SelectField
        label="Workspace"
        value={workspace}
        onChange={(event) => setWorkspace(event.target.value)}
        hint="A global style can be used by layers of any workspace."
      >
        <option value="">Global (every workspace)</option>
        {workspaces.map((ws) => (
          <option key={ws} value={ws}>
            {ws}
          </option>
        ))}
      </SelectField>
      <SelectField label="Start from" value={template} onChange={(event) => setTemplate(event.target.value as StyleTemplate)}>
        {(Object.keys(STYLE_TEMPLATES) as StyleTemplate[]).map((key) => (
          <option key={key} value={key}>
            {STYLE_TEMPLATES[key]}
          </option>
        ))}
      </SelectField>
      {create.error && !serverNameError && <Alert tone="error">{create.error.message}</Alert>}
      <div>
        <Button type="submit" variant="primary" busy={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create and edit'}
        </Button>
      </div>
    </form>
  );
}
