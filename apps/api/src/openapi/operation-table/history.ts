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
      'Every record the request touched is put back as it was before it: a create is undone by deleting, a delete by re-creating (a style with its SLD bytes, a layer with its styles, a workspace with what its recursive delete removed), an update by restoring the record’s fields. 409 when one of them changed since, unless `force=true`, or when the result would not fit the catalog (a name taken since, a style deleted since).',
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
