import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ImportAnswer, ImportRequest } from '../../../api';
import { Alert, Button, Card, ConfirmDialog, TextField } from '../../../ui';
import { useImport } from '../hooks/use-import';
import { countActions, planChanges } from '../plan-rows';
import { secretsOf, type SecretRow } from '../secret-rows';
import { PlanTable } from './plan-table';
import { SecretFields } from './secret-fields';

/** Counts of an applied or planned import as a sentence: "3 created, 1 updated, 0 deleted". */
function changeSentence(answer: ImportAnswer): string {
  const counts = countActions(answer.plan);
  return `${counts.create} created, ${counts.update} updated, ${counts.delete} deleted`;
}

/**
 * Import of a zipped GeoServer data directory: pick the zip (and passwords, and prune), Plan sends a
 * dry run and shows the plan; Apply sends the same request for real once the plan has no error
 * (asking first when it deletes), then shows what was stored.
 */
export function ImportSection() {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<SecretRow[]>([]);
  const [prune, setPrune] = useState(false);
  // Field problems are shown from the first Plan on.
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const plan = useImport();
  const apply = useImport();

  const { secrets, problems } = secretsOf(rows);
  const fileError = checking && !file ? 'Choose the zip of a GeoServer data directory.' : null;
  const planned = plan.data;
  const applied = apply.data;
  const shown = applied ?? planned;
  const planErrors = planned ? countActions(planned.plan).error : 0;
  const deletes = planned ? countActions(planned.plan).delete : 0;
  const canApply = !!planned && planErrors === 0 && planChanges(planned.plan) && !applied;
  const busy = plan.isPending || apply.isPending;

  /** Any change of what would be sent makes the plan stale: it is dropped. */
  function changed() {
    plan.reset();
    apply.reset();
  }

  function request(dryRun: boolean): ImportRequest {
    return { datadir: file!, fileName: file!.name, secrets, prune, dryRun };
  }

  function submitPlan(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setChecking(true);
    if (!file || Object.keys(problems).length > 0) return;
    apply.reset();
    plan.mutate(request(true));
  }

  function applyPlan() {
    if (!canApply || busy) return;
    apply.mutate(request(false), { onSettled: () => setConfirming(false) });
  }

  return (
    <>
      <Card title="Import a data directory" className="import-export-page__import">
        <form className="import-form" onSubmit={submitPlan} noValidate>
          <TextField
            label="Data directory (.zip)"
            type="file"
            accept=".zip,application/zip"
            error={fileError}
            hint={
              <>
                A zipped GeoServer data directory, or a zip of any folder holding its <code>workspaces/</code> folder.
              </>
            }
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              changed();
            }}
          />
          <SecretFields
            rows={rows}
            problems={checking ? problems : {}}
            onChange={(next) => {
              setRows(next);
              changed();
            }}
          />
          <label className="import-form__check">
            <input
              type="checkbox"
              checked={prune}
              onChange={(event) => {
                setPrune(event.target.checked);
                changed();
              }}
            />
            <span>
              <strong>Prune</strong>: also delete what the directory lacks in the workspaces it names.
            </span>
          </label>
          {plan.error && (
            <Alert tone="error" title="The plan could not be made">
              {plan.error.message}
            </Alert>
          )}
          {apply.error && !confirming && (
            <Alert tone="error" title="Nothing was imported">
              {apply.error.message}
            </Alert>
          )}
          <div className="import-form__actions">
            <Button type="submit" busy={plan.isPending} disabled={apply.isPending}>
              {plan.isPending ? 'Planning…' : 'Plan'}
            </Button>
            <Button
              variant="primary"
              disabled={!canApply || plan.isPending}
              busy={apply.isPending}
              onClick={() => (deletes > 0 ? setConfirming(true) : applyPlan())}
            >
              {apply.isPending ? 'Applying…' : 'Apply'}
            </Button>
          </div>
          <ImportStatus planned={planned} applied={applied} />
        </form>
      </Card>
      {shown && (
        <Card
          title={applied?.applied ? 'Imported' : 'Plan'}
          className="import-export-page__plan"
          flush
          aside={<span>{applied?.applied ? 'Stored in one transaction' : 'Dry run: nothing stored'}</span>}
        >
          <PlanTable plan={shown.plan} caption={applied?.applied ? 'Imported records' : 'Import plan'} />
        </Card>
      )}
      <ConfirmDialog
        open={confirming}
        title="Apply and delete?"
        confirmLabel={`Apply and delete ${deletes}`}
        busy={apply.isPending}
        error={apply.error?.message}
        onConfirm={applyPlan}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The plan deletes {deletes === 1 ? '1 record' : `${deletes} records`} that the directory lacks (prune), with the rest of the import in one transaction.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** What the last plan or import means for the user, and where to go next. */
function ImportStatus({ planned, applied }: { planned?: ImportAnswer; applied?: ImportAnswer }) {
  if (applied?.applied) {
    return (
      <Alert tone="success" title="Imported">
        {changeSentence(applied)}. See the <Link to="/layers">layers</Link>, <Link to="/workspaces">workspaces</Link> and <Link to="/styles">styles</Link>.
      </Alert>
    );
  }
  if (applied) {
    const errors = countActions(applied.plan).error;
    return (
      <Alert tone="error" title="Nothing was imported">
        {errors === 1 ? '1 entry is an error' : `${errors} entries are errors`} now; the catalog or the stores changed since the plan. Plan again.
      </Alert>
    );
  }
  if (!planned) return null;
  const errors = countActions(planned.plan).error;
  if (errors > 0) {
    return (
      <Alert tone="error" title="The plan has errors">
        {errors === 1 ? '1 entry is an error' : `${errors} entries are errors`}: fix the directory (or give the store passwords) and plan again. Nothing is
        imported while any entry is an error.
      </Alert>
    );
  }
  if (!planChanges(planned.plan)) {
    return <Alert tone="info">Nothing to apply: the catalog already matches this directory.</Alert>;
  }
  return <Alert tone="info">Planned: {changeSentence(planned)} when applied. Nothing is stored until you apply.</Alert>;
}
