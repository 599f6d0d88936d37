import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { Post } from '../rest/write-routes';
import { CatalogError, RepDocument, type AccessDecision, type Caller } from '@geocatalog/catalog-model';
import { AuthCaches } from '../auth/auth-caches';
import type { Principal } from '../auth/principal';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import { PublicBase } from '../settings/public-base';
import { AccessService } from '../access/access.service';
import { HandlerDecides } from '../access/handler-decides';
import { readsHistory, revertsChanges, seesChange } from '../access/record-access';
import { Links, QueryFlag } from '../rest/rest-params';
import { LinkBuilder, type PublishedReads } from '../rest/rest-request';
import { readsPublished } from '../access/read-access';
import { groupMembersShown } from './group-members-shown';
import { Done, Tagged } from '../rest/rest-response';
import { ChangeLog, ChangeQuery, type StoredChange } from './change-log';
import { ChangeDrawer, type Change } from './change-drawer';
import { changeDocument, changeList } from './change.mapper';
import { ChangeReverter } from './revert';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { DONE, ok } from '../openapi/operation-parts';

/** Default and largest page of `GET /rest/changes`. */
const PAGE = { default: 100, max: 1000 };
/** Changes one page of a workspace administrator's history reads at most (the rest is on the `next` page). */
const SCAN = 10_000;

type SignedIn = { user?: Principal };

/** Who reads the history, as the rules see them (contract §12): ADMIN sees all; a workspace administrator the changes of their workspaces. */
interface Reader {
  admin: boolean;
  decision?: AccessDecision;
  caller: Caller;
}

/** A change number given in the query: digits only. */
function seqParam(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,18}$/.test(value)) {
    throw new CatalogError('INVALID_VALUE', `Invalid ${name} '${String(value)}': give a change number`);
  }
  return value;
}

function textParam(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new CatalogError('INVALID_VALUE', `Give ${name} once`);
  return value;
}

function limitParam(value: unknown): number {
  if (value === undefined) return PAGE.default;
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= PAGE.max)) throw new CatalogError('INVALID_VALUE', `Invalid limit '${String(value)}': give a number from 1 to ${PAGE.max}`);
  return n;
}

/**
 * `/rest/changes`: the change history (contract §7), for ADMIN and for workspace administrators,
 * who read and revert the changes of the workspaces they administer (contract §12, through
 * `access/record-access.ts`); without authors (contract §6). Everyone else: 403.
 */
@Controller('rest/changes')
@OperationTag('history')
@HandlerDecides()
export class HistoryController {
  constructor(
    private readonly log: ChangeLog,
    private readonly drawer: ChangeDrawer,
    private readonly reverter: ChangeReverter,
    private readonly connector: PostgisConnector,
    private readonly caches: AuthCaches,
    private readonly publicBase: PublicBase,
    private readonly access: AccessService,
  ) {}

  @Get()
  @Operation({
    operationId: 'listChanges',
    summary: 'Committed changes, newest first (ADMIN and workspace administrators)',
    description:
      'One change per record a committed write touched: `seq` (increasing, unique across api processes), `time`, `user`, `operation`, `kind`, `resource`, `request` (shared by the changes of one request) and the record’s JSON representation `before` and `after` (`null` for a create / a delete; in XML as JSON text). A full page links the next, older one (`next`). A workspace administrator (a role with `ws.*.a`) reads only the changes of records inside the workspaces they administer, without `user` and without `?user=` (403); any other non-ADMIN caller gets 403.',
    query: ['since', 'olderThan', 'resource', 'user', 'limit'],
    success: ok('ChangeList'),
    throws: ['INVALID_VALUE', 'FORBIDDEN'],
  })
  async list(@Query() query: Record<string, unknown>, @Links() links: LinkBuilder, @Req() req: SignedIn): Promise<RepDocument> {
    const reader = await this.reader(req);
    const q: ChangeQuery = {
      since: seqParam('since', query.since),
      olderThan: seqParam('olderThan', query.olderThan),
      resource: textParam('resource', query.resource),
      user: textParam('user', query.user),
      limit: limitParam(query.limit),
    };
    if (!reader.admin && q.user !== undefined) throw new CatalogError('FORBIDDEN', 'Only administrators read the history by author');
    let changes: StoredChange[];
    let olderThan: string | undefined;
    if (reader.admin) {
      changes = await this.log.list(q);
      if (changes.length === q.limit) olderThan = changes[changes.length - 1].seq;
    } else {
      const { decision, caller } = reader;
      ({ changes, olderThan } = await this.log.listKept(q, (c) => seesChange(decision!, caller, c.kind, c.resource), SCAN));
    }
    let next: string | undefined;
    if (olderThan !== undefined) {
      const params = new URLSearchParams();
      for (const key of ['since', 'resource', 'user'] as const) if (q[key] !== undefined) params.set(key, String(q[key]));
      params.set('limit', String(q.limit));
      params.set('olderThan', olderThan);
      next = `${links.restBase}/changes.${links.format}?${params}`;
    }
    return changeList(anonymised(await this.drawer.draw(changes, links.restBase), reader), next, links);
  }

  @Get(':seq')
  @Operation({
    operationId: 'getChange',
    summary: 'One change (ADMIN and workspace administrators)',
    description:
      'A workspace administrator reads the changes of records inside the workspaces they administer, without `user`; another change answers as the catalog mode says (`HIDE`: 404, `CHALLENGE`/`MIXED`: 403). Any other non-ADMIN caller: 403.',
    success: ok('Change'),
    throws: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async get(@Param('seq') seq: string, @Links() links: LinkBuilder, @Req() req: SignedIn): Promise<Tagged> {
    const reader = await this.reader(req);
    const stored = await this.log.get(seq);
    this.mustSee(reader, stored, seq);
    const [change] = anonymised(await this.drawer.draw([stored], links.restBase), reader);
    // A change never changes: its number is its version.
    return new Tagged(changeDocument(change, links), `"change-${change.seq}"`);
  }

  @Post(':seq/revert')
  @Operation({
    operationId: 'revertChange',
    summary: 'Undo the request that made this change, as one new write (ADMIN; a workspace administrator inside their workspaces)',
    description:
      'Every record the request touched is put back as it was before it, and the revert’s changes say what it did to each: a create is undone by deleting (`delete`), a delete by re-creating (`create`: a style with its SLD bytes, a layer with its styles, a workspace with what its recursive delete removed), an update by restoring the record’s fields (`update`, with before and after) — so reverting a revert restores the later state. No credential comes back: a user re-created is disabled with no usable password; a data store keeps its current password (none when the revert points it at another server or user). 409 naming the record in the way, with problem code `CHANGED_SINCE` when one of them changed since (`force=true` overwrites that change), `REVERT_BLOCKED` when it cannot apply whatever `force` says (a record now depends on one it would delete, one it would bring back needs a record that is gone or has its name taken, one it would put back was deleted since), `CONFLICT` when no enabled administrator would be left. A workspace administrator reverts a request only when every record it touched is inside a workspace they administer (not the workspace record itself), else 403; a change they may not read answers as in `GET /rest/changes/{seq}`.',
    query: ['force'],
    success: DONE,
    throws: ['NOT_FOUND', 'FORBIDDEN', 'CHANGED_SINCE', 'REVERT_BLOCKED', 'CONFLICT'],
  })
  async revert(@Param('seq') seq: string, @QueryFlag('force') force: boolean, @Req() req: SignedIn): Promise<Done> {
    const reader = await this.reader(req);
    if (!reader.admin) {
      this.mustSee(reader, await this.log.get(seq), seq);
      if (!revertsChanges(reader.decision!, reader.caller, await this.log.requestOf(seq)))
        throw new CatalogError('FORBIDDEN', `Change ${seq} was made by a request that wrote outside the workspaces you administer`);
    }
    const { storeIds, users, settings, rules } = await this.reverter.revert(seq, force);
    // A store put back as it was may point elsewhere: its pool is opened again on next use.
    await this.connector.releaseAll(storeIds);
    // A user deleted, disabled or stripped of roles again: no worker may go on trusting its cached credentials.
    if (users) await this.caches.changed('users');
    // The server's settings put back: every worker writes links with the restored proxyBaseUrl.
    if (settings) await this.publicBase.changed();
    // Rules put back: no worker may decide with the rules the revert undid.
    if (rules) await this.access.changed();
    return new Done();
  }

  /** Who asks; 403 for whom the history is not (neither ADMIN nor a workspace administrator). */
  private async reader(req: SignedIn): Promise<Reader> {
    const caller = this.access.callerOf(req.user);
    if (caller.roles.includes('ADMIN')) return { admin: true, caller };
    const decision = await this.access.decision();
    if (!readsHistory(decision, caller)) throw new CatalogError('FORBIDDEN', `User '${req.user?.userName}' may not read the history`);
    return { admin: false, decision, caller };
  }

  /** A change the reader may not see answers as the catalog mode says. */
  private mustSee(reader: Reader, change: StoredChange, seq: string): void {
    if (reader.admin || seesChange(reader.decision!, reader.caller, change.kind, change.resource)) return;
    this.access.refuse(reader.decision!, reader.caller, `change: ${seq}`);
  }
}

/**
 * Changes as a non-administrator reads them: without their authors (contract §6), and a layer
 * group's without the members the reader may not read (contract §12).
 */
function anonymised(changes: Change[], reader: Reader): Change[] {
  if (reader.admin) return changes;
  const reads: PublishedReads = (workspace, name) => readsPublished(reader.decision!, reader.caller, workspace, name);
  return changes.map((c) => {
    const shown = { ...c, user: null };
    return c.kind === 'layerGroup' ? { ...shown, before: groupMembersShown(c.before, reads), after: groupMembersShown(c.after, reads) } : shown;
  });
}
