import { EXCHANGE_FILES, RECORD_FOLDERS, RULE_FILES, SECURITY_FOLDER } from '@geocatalog/catalog-exchange';
import { directoryFile, KIND_NAMES, SETTINGS_SERVICES } from '@geocatalog/catalog-model';

/** Every file the registry places a record in, for a workspace record and a global one (services by name). */
function recordFiles(): string[] {
  const files: string[] = [];
  for (const kind of KIND_NAMES) {
    const names = kind === 'serviceSettings' ? SETTINGS_SERVICES : ['n'];
    for (const name of names) {
      for (const workspace of ['ws', null]) {
        const file = directoryFile(kind, { workspace, store: 's', name });
        if (file !== null) files.push(file);
      }
    }
  }
  return files;
}

describe('what a data-directory exchange holds (catalog-exchange) and where the registry puts records', () => {
  it('places every record in a record folder or in one of the exchange files, so the CLI sends back all an export wrote', () => {
    const files = recordFiles();
    expect(files.length).toBeGreaterThan(10);
    const outside = files.filter((f) => !RECORD_FOLDERS.includes(f.split('/')[0]) && !EXCHANGE_FILES.includes(f));
    expect(outside).toEqual([]);
    // The settings files at the top are the ones the registry writes there: none declared in vain.
    const top = EXCHANGE_FILES.filter((f) => !f.includes('/'));
    expect([...top].sort()).toEqual(files.filter((f) => !f.includes('/')).sort());
  });

  it('keeps the rule files in the security folder an import reads whole', () => {
    for (const file of Object.values(RULE_FILES)) {
      expect(file.startsWith(`${SECURITY_FOLDER}/`)).toBe(true);
      expect(EXCHANGE_FILES).toContain(file);
    }
  });
});
