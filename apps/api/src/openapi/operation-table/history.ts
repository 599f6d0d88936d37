import { DONE, ok, RestOperation } from './model';

export const HISTORY_OPERATIONS: RestOperation[] = [
  {
    operationId: 'listChanges',
    method: 'GET',
    path: '/changes',
    tag: 'history',
    summary: 'Committed changes, newest first (ADMIN only)',
    description:
      'One change per record a committed write touched: `seq` (increasing, unique across api processes), `time`, `user`, `operation`, `kind`, `resource`, `request` (shared by the changes of one request) and the record’s JSON representation `before` and `after` (`null` for a create / a delete; in XML as JSON text). A full page links the next, older one (`next`).',
    query: ['since', 'olderThan', 'resource', 'user', 'limit'],
    success: ok('ChangeList'),
    errors: [400],
  },
  {
    operationId: 'getChange',
    method: 'GET',
    path: '/changes/{seq}',
    tag: 'history',
    summary: 'One change (ADMIN only)',
    success: ok('Change'),
    errors: [404],
  },
  {
    operationId: 'revertChange',
    method: 'POST',
    path: '/changes/{seq}/revert',
    tag: 'history',
    summary: 'Undo the request that made this change, as one new write (ADMIN only)',
    description:
      'Every record the request touched is put back as it was before it, and the revert’s changes say what it did to each: a create is undone by deleting (`delete`), a delete by re-creating (`create`: a style with its SLD bytes, a layer with its styles, a workspace with what its recursive delete removed), an update by restoring the record’s fields (`update`, with before and after) — so reverting a revert restores the later state. No credential comes back: a user re-created is disabled with no usable password; a data store keeps its current password (none when the revert points it at another server or user). 409 naming the record in the way, with problem code `CHANGED_SINCE` when one of them changed since (`force=true` overwrites that change), `REVERT_BLOCKED` when it cannot apply whatever `force` says (a record now depends on one it would delete, one it would bring back needs a record that is gone or has its name taken, one it would put back was deleted since), `CONFLICT` when no enabled administrator would be left.',
    query: ['force'],
    success: DONE,
    errors: [404, 409],
  },
  {
    operationId: 'streamEvents',
    method: 'GET',
    path: '/events',
    tag: 'history',
    summary: 'Committed changes as server-sent events, live, from every api process',
    description:
      'A `text/event-stream`: per change `id: {seq}`, `event: change`, `data:` the change as JSON without `before`/`after`; a `: keep-alive` comment at least every 15 s. `Last-Event-ID` (or `?since=`) replays what was missed first; a non-administrator’s replay reaches back 24 hours at most. Changes of user accounts, and the `user` who made a change, go to administrators only. The stream ends when its user is deleted, disabled, renamed, given a new password or other roles, or its console session ends. A client that stops reading is disconnected. At most 20 open streams per user and 1,000 in all per api process: beyond, 429 with `Retry-After`, before the stream opens.',
    query: ['since'],
    success: { status: 200, eventStream: true },
    errors: [400, 429],
  },
];
