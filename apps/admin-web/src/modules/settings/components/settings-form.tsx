import { useState, type FormEvent } from 'react';
import type { SettingsTarget, SettingValues } from '../../../api';
import { Button, Switch, TextField, useToast } from '../../../ui';
import { useSaveSettings } from '../hooks/use-settings';
import { draftOf, problemsOf, valuesOf, type Draft, type SettingField } from '../settings-fields';

export interface SettingsFormProps {
  /** Names the form and its notes: "Global settings saved." */
  title: string;
  target: SettingsTarget;
  fields: SettingField[];
  /** The stored values (or, for a workspace without its own, the values it starts from). */
  values: SettingValues;
  /** The ETag they were read with; null when nothing is stored yet. */
  etag: string | null;
  readOnly: boolean;
  /** The label of the save button. */
  saveLabel?: string;
}

/**
 * A card's settings as fields: texts, whole numbers, switches, lists separated by commas. A save
 * checks the fields first (a field's problem is shown under it and nothing is sent), then PUTs them
 * with If-Match. A reader sees the values, read-only, with no save. Remount it (key) on new values.
 */
export function SettingsForm({ title, target, fields, values, etag, readOnly, saveLabel = 'Save' }: SettingsFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(fields, values));
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const toast = useToast();
  const save = useSaveSettings(target, {
    onSuccess: () => toast.success(`${title} saved.`),
    onError: (error) =>
      toast.error(
        error.status === 412
          ? `${title}: changed elsewhere since this page read them. They are shown again as stored: make your change once more.`
          : `${title} not saved: ${error.message}`,
      ),
  });

  const set = (key: string, value: string | boolean) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (problems.has(key)) setProblems((p) => new Map([...p].filter(([k]) => k !== key)));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(fields, draft);
    setProblems(found);
    if (found.size) return;
    save.mutate({ values: valuesOf(fields, draft), etag });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-label={title}>
      <div className="settings-form__fields">
        {fields.map((f) => {
          const value = draft[f.key];
          if (f.kind === 'switch')
            return <Switch key={f.key} label={f.label} checked={value === true} disabled={readOnly} onChange={(e) => set(f.key, e.currentTarget.checked)} />;
          return (
            <TextField
              key={f.key}
              label={f.label}
              hint={f.hint}
              error={problems.get(f.key) ?? null}
              value={String(value)}
              readOnly={readOnly}
              inputMode={f.kind === 'number' ? 'numeric' : undefined}
              onChange={(e) => set(f.key, e.currentTarget.value)}
            />
          );
        })}
      </div>
      {!readOnly && (
        <div className="settings-form__actions">
          <Button type="submit" variant="primary" busy={save.isPending}>
            {saveLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
