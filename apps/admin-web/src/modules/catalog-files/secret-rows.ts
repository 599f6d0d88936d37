import { isValidName } from '@geocatalog/catalog-model';
import type { ImportSecrets } from '../../api';

/** One store password typed on the import form. */
export interface SecretRow {
  /** Stable key of the row while it is edited. */
  id: number;
  /** `workspace:store`. */
  store: string;
  password: string;
}

/** The passwords to send, or what is wrong with rows by row id. Rows left entirely empty are ignored. */
export function secretsOf(rows: readonly SecretRow[]): { secrets: ImportSecrets; problems: Record<number, string> } {
  const secrets: ImportSecrets = {};
  const problems: Record<number, string> = {};
  for (const row of rows) {
    const store = row.store.trim();
    if (!store && !row.password) continue;
    const [workspace, name, ...rest] = store.split(':');
    if (rest.length > 0 || name === undefined || !isValidName(workspace) || !isValidName(name)) {
      problems[row.id] = 'Write the store as workspace:store, e.g. topp:states_pg.';
    } else if (store in secrets) {
      problems[row.id] = `${store} is listed twice.`;
    } else if (!row.password) {
      problems[row.id] = `Enter the password of ${store}.`;
    } else {
      secrets[store] = row.password;
    }
  }
  return { secrets, problems };
}
