import { Button, TextField } from '../../../ui';
import type { SecretRow } from '../secret-rows';
import './secret-fields.css';

export interface SecretFieldsProps {
  rows: SecretRow[];
  /** What is wrong with rows, by row id (shown once the user tried to plan). */
  problems: Record<number, string>;
  onChange: (rows: SecretRow[]) => void;
}

let nextId = 1;

/** A new empty password row. */
export function newSecretRow(): SecretRow {
  return { id: nextId++, store: '', password: '' };
}

/**
 * Store passwords the directory cannot give (a `crypt1:` password without its `security/` folder,
 * another catalog's `crypt2:`): one row per `workspace:store`; sent as the `secrets` part.
 */
export function SecretFields({ rows, problems, onChange }: SecretFieldsProps) {
  const update = (id: number, change: Partial<SecretRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <fieldset className="secret-fields">
      <legend className="secret-fields__legend">Store passwords (optional)</legend>
      <p className="secret-fields__hint">
        Only for PostGIS stores whose password the directory holds encrypted without its <code>security/</code> folder. They are sent with this import only and
        stored encrypted.
      </p>
      {rows.map((row, index) => (
        <div className="secret-fields__row" key={row.id}>
          <TextField
            label={`Store ${index + 1}`}
            placeholder="workspace:store"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={row.store}
            error={problems[row.id]}
            onChange={(event) => update(row.id, { store: event.target.value })}
          />
          <TextField
            label={`Password ${index + 1}`}
            type="password"
            autoComplete="new-password"
            value={row.password}
            onChange={(event) => update(row.id, { password: event.target.value })}
          />
          <Button variant="ghost" small className="secret-fields__remove" onClick={() => onChange(rows.filter((r) => r.id !== row.id))}>
            Remove<span className="visually-hidden"> store {index + 1}</span>
          </Button>
        </div>
      ))}
      <Button small onClick={() => onChange([...rows, newSecretRow()])}>
        Add a store password
      </Button>
    </fieldset>
  );
}
