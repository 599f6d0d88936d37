import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useParams } from 'react-router-dom';
import { detectSldVersion, validateSld } from '@geocatalog/sld';
import { qualifiedStyleName, type StyleRef, type Versioned } from '../../../api';
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, ErrorIcon, LinkButton, PageHeader, Skeleton, SuccessIcon, useToast } from '../../../ui';
import { useMayWrite } from '../../auth';
import { ConflictDialog, historyResource, LineDiffView, RecordHistory, useEditConflict } from '../../history';
import { StylePreviewPanel } from '../components/style-preview-panel';
import { SldEditor, type EditorIssue } from '../editor/sld-editor';
import { offsetOf } from '../editor/xml-highlight';
import { useSaveStyle, useStoredSld } from '../hooks/use-styles';
import { useSldValidation } from '../hooks/use-sld-validation';
import { clearDraft, readDraft, writeDraft } from '../style-drafts';
import './style-editor-page.css';

/** The style editor at `/styles/{name}` (global) or `/styles/{ws}/{name}`. */
export default function StyleEditorPage() {
  const { workspace, style: name = '' } = useParams();
  const ref = useMemo<StyleRef>(() => ({ workspace: workspace ?? null, name }), [workspace, name]);
  const stored = useStoredSld(ref);
  const qualified = qualifiedStyleName(ref);
  const canWrite = useMayWrite(ref.workspace);
  const header = (
    <PageHeader
      title={qualified}
      breadcrumbs={[
        { label: 'Styles', to: '/styles' },
        ...(ref.workspace ? [{ label: ref.workspace, to: `/styles?workspace=${encodeURIComponent(ref.workspace)}` }] : []),
      ]}
      description={
        canWrite
          ? 'Edit the SLD: it is checked as you type, and the map on the right draws your unsaved text.'
          : 'The SLD of the style, read only, and the map drawn with it.'
      }
    />
  );
  // Once opened, the editor stays (a later read failing, e.g. the style deleted elsewhere, is said inside it).
  if (stored.isPending && !stored.data) {
    return (
      <>
        {header}
        <Card title="SLD">
          <div aria-busy="true" className="style-editor__loading">
            <Skeleton width="45%" />
            <Skeleton width="70%" />
            <Skeleton width="60%" />
          </div>
        </Card>
      </>
    );
  }
  if (!stored.data) {
    return (
      <>
        {header}
        {stored.error?.status === 404 ? (
          <EmptyState title={`There is no style ${qualified}`} action={<LinkButton to="/styles">All styles</LinkButton>}>
            It may have been deleted, or the link is wrong.
          </EmptyState>
        ) : (
          <Alert tone="error" title="Could not load the style" actions={<Button onClick={() => void stored.refetch()}>Retry</Button>}>
            {stored.error?.message}
          </Alert>
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <StyleEditor key={`${qualified} ${canWrite}`} styleRef={ref} opened={stored.data} canWrite={canWrite} />
      <div className="style-editor__history">
        <RecordHistory resource={historyResource.style(ref.workspace, ref.name)} what={`style ${qualified}`} />
      </div>
    </>
  );
}

/**
 * The editor works on the version it was opened with (`base`): a newer one read meanwhile (live
 * events) replaces it while the text is not edited; otherwise Save sends `If-Match` with the
 * opened version, and a refusal opens the conflict dialog. Save (button and Ctrl+S) sends nothing
 * while the editor lists problems. For a user who may not write (`canWrite` false) the text is
 * read only and there is nothing to save.
 */
function StyleEditor({ styleRef, opened, canWrite }: { styleRef: StyleRef; opened: Versioned<string>; canWrite: boolean }) {
  const toast = useToast();
  const save = useSaveStyle();
  const latestQuery = useStoredSld(styleRef);
  const latest = latestQuery.data ?? opened;
  const [base, setBase] = useState(opened);
  // The last read of the style the editor has looked at (a newer one is a change made elsewhere).
  const [seen, setSeen] = useState(opened);
  const stored = base.record;
  const conflict = useEditConflict(async () => {
    const { data } = await latestQuery.refetch({ throwOnError: true });
    if (!data) throw new Error('The server sent no SLD.');
    return data;
  });
  const [initialDraft] = useState(() => {
    const draft = canWrite ? readDraft(styleRef) : null;
    return draft && draft.text !== stored ? draft : null;
  });
  const [text, setText] = useState(initialDraft?.text ?? stored);
  const [draftNotice, setDraftNotice] = useState(initialDraft);
  const [serverIssues, setServerIssues] = useState<EditorIssue[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const validation = useSldValidation(text);
  const dirty = text !== stored;
  const version = validation.version ?? detectSldVersion(text);

  // A newer read is taken in when the text is not edited (it then shows the new text), already
  // equal to it, or when only the version tag moved (after this editor's own save).
  if (latest !== seen && (text === base.record || text === latest.record || latest.record === base.record)) {
    setSeen(latest);
    setBase(latest);
    if (text === base.record) setText(latest.record);
  }
  const changedElsewhere = latest !== seen;
  const deletedElsewhere = latestQuery.error?.status === 404;

  // Unsaved text is kept in the browser as you type.
  useEffect(() => {
    if (!dirty) {
      clearDraft(styleRef);
      return;
    }
    const timer = setTimeout(() => writeDraft(styleRef, { text, base: stored, savedAt: Date.now() }), 400);
    return () => clearTimeout(timer);
  }, [dirty, stored, styleRef, text]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  const issues: EditorIssue[] = useMemo(
    () => [...validation.issues.map((issue) => ({ ...issue, source: 'browser' as const })), ...serverIssues],
    [serverIssues, validation.issues],
  );

  function jumpTo(issue: EditorIssue) {
    const area = textareaRef.current;
    if (!area) return;
    const offset = offsetOf(text, issue.line, issue.column);
    area.focus();
    area.setSelectionRange(offset, offset);
    // Bring the line into view: line height 20px, padding 10px.
    area.scrollTop = Math.max(0, (issue.line - 1) * 20 - area.clientHeight / 3);
  }

  // What stops a save, said beside the disabled Save: the server refuses an SLD with problems.
  const saveBlocked = issues.length > 0 || !validation.valid ? 'Fix the problems listed above to save: the server refuses an SLD with errors.' : null;

  function doSave(over: Versioned<string> = base) {
    if (!canWrite || save.isPending || (!dirty && over === base)) return;
    // Ctrl+S may come before the deferred validation has caught up with the text: then check it now.
    if (validation.stale ? !validateSld(text).valid : saveBlocked) return;
    setServerIssues([]);
    save.mutate(
      { ref: styleRef, sld: text, version, ifMatch: over.etag },
      {
        onSuccess: (_data, { sld }) => {
          // The saved text is the stored one now; its new version tag is being read.
          setBase({ ...over, record: sld, representation: sld });
          // An overwrite has looked at the version it replaced.
          if (over !== base) setSeen(over);
          clearDraft(styleRef);
          setDraftNotice(null);
          conflict.close();
          toast.success(`Style ${qualifiedStyleName(styleRef)} saved.`);
        },
        onError: (error) => {
          if (error.isStale) return conflict.raise();
          setServerIssues(error.issues.map((issue) => ({ line: issue.line, column: issue.column, message: issue.message, source: 'server' })));
        },
      },
    );
  }

  function reload(current: Versioned<string>) {
    setSeen(current);
    setBase(current);
    setText(current.record);
    clearDraft(styleRef);
    setDraftNotice(null);
    save.reset();
    conflict.close();
  }

  return (
    <div className="style-editor">
      <Card
        title="SLD"
        className="style-editor__code"
        aside={
          <>
            {dirty && <Badge tone="info">Unsaved changes</Badge>}
            <ValidationBadge valid={validation.valid} count={issues.length} version={validation.version} stale={validation.stale} />
          </>
        }
      >
        <div className="style-editor__stack">
          {deletedElsewhere ? (
            <Alert tone="error" title="This style was deleted">
              Someone deleted {qualifiedStyleName(styleRef)} after you opened it. Its History below can bring it back.
            </Alert>
          ) : (
            changedElsewhere &&
            dirty && (
              <Alert tone="info" title="Someone else saved this style">
                Your text is an edit of the version you opened; saving will show what changed and ask what to keep.
              </Alert>
            )
          )}
          {draftNotice && (
            <Alert
              tone="info"
              title="Your unsaved draft was restored"
              actions={
                <Button
                  small
                  onClick={() => {
                    setText(stored);
                    setDraftNotice(null);
                    clearDraft(styleRef);
                  }}
                >
                  Discard draft
                </Button>
              }
            >
              From {new Date(draftNotice.savedAt).toLocaleString()}. Save it to keep it.
            </Alert>
          )}
          <SldEditor
            value={text}
            onChange={(value) => {
              setText(value);
              if (serverIssues.length) setServerIssues([]);
              if (save.error) save.reset();
            }}
            issues={issues}
            label={`SLD of style ${qualifiedStyleName(styleRef)}`}
            describedBy="style-editor-issues"
            onSave={() => doSave()}
            readOnly={!canWrite}
            textareaRef={textareaRef}
          />
          <div id="style-editor-issues" className="style-editor__issues" aria-live="polite">
            {issues.length === 0 ? (
              <p className="style-editor__ok">
                <SuccessIcon size={16} /> No problems found{version ? ` (SLD ${version})` : ''}.
              </p>
            ) : (
              <>
                <p className="style-editor__issue-count">{issues.length === 1 ? '1 problem' : `${issues.length} problems`}:</p>
                <ol className="style-editor__issue-list">
                  {issues.map((issue, index) => (
                    <li key={`${issue.source}-${index}`}>
                      <button type="button" className="style-editor__issue" onClick={() => jumpTo(issue)}>
                        <ErrorIcon size={15} />
                        <span>
                          Line {issue.line}, column {issue.column}: {issue.message}
                          {issue.source === 'server' && <span className="table__muted"> (server)</span>}
                        </span>
                      </button>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </div>
          {save.error && !save.error.isStale && save.error.issues.length === 0 && (
            <Alert tone="error" title="The style was not saved">
              {save.error.message}
            </Alert>
          )}
          {canWrite && (
            <div className="style-editor__actions">
              <Button
                variant="primary"
                onClick={() => doSave()}
                busy={save.isPending}
                disabled={!dirty || !!saveBlocked}
                aria-describedby={saveBlocked ? 'style-editor-save-blocked' : undefined}
              >
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button variant="ghost" disabled={!dirty || save.isPending} onClick={() => setText(stored)}>
                Revert to saved
              </Button>
              {saveBlocked && (
                <span className="style-editor__note" id="style-editor-save-blocked">
                  {saveBlocked}
                </span>
              )}
            </div>
          )}
        </div>
      </Card>
      <Card title="Preview" className="style-editor__preview">
        <StylePreviewPanel styleRef={styleRef} text={text} dirty={dirty} canWrite={canWrite} />
      </Card>
      <ConflictDialog
        conflict={conflict}
        what={`style ${qualifiedStyleName(styleRef)}`}
        renderDiff={(current) => (
          <LineDiffView before={base.record} after={current} label={`SLD lines changed since you opened ${qualifiedStyleName(styleRef)}`} />
        )}
        busy={save.isPending}
        error={conflict.open && save.error && !save.error.isStale ? save.error.message : null}
        onReload={() => (conflict.current ? reload(conflict.current) : conflict.close())}
        onOverwrite={() => conflict.current && doSave(conflict.current)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        <p>Your changes to {qualifiedStyleName(styleRef)} are not saved. A draft stays in this browser, and comes back when you open the style again.</p>
      </ConfirmDialog>
    </div>
  );
}

function ValidationBadge({ valid, count, version, stale }: { valid: boolean; count: number; version: string | null; stale: boolean }) {
  if (stale) return <Badge>Checking…</Badge>;
  if (valid && count === 0) return <Badge tone="success">Valid SLD {version ?? ''}</Badge>;
  return <Badge tone="danger">{count === 1 ? '1 problem' : `${count} problems`}</Badge>;
}
