import { Controller, Get, Param, Query } from '@nestjs/common';
import { Post } from '../rest/write-routes';
import { CatalogError, RepDocument } from '@geocatalog/catalog-model';
import { AuthCaches } from '../auth/auth-caches';
import { AdminOnly } from '../auth/roles.decorator';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import { PublicBase } from '../settings/public-base';
import { AccessService } from '../access/access.service';
import { Links, QueryFlag } from '../rest/rest-params';
import { LinkBuilder } from '../rest/rest-request';
import { Done, Tagged } from '../rest/rest-response';
import { ChangeLog, ChangeQuery } from './change-log';
import { ChangeDrawer } from './change-drawer';
import { changeDocument, changeList } from './change.mapper';
import { ChangeReverter } from './revert';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { DONE, ok } from '../openapi/operation-parts';

/** Default and largest page of `GET /rest/changes`. */
const PAGE = { default: 100, max: 1000 };

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

/** `/rest/changes`: the change history (contract §7), for administrators. */
@Controller('rest/changes')
@OperationTag('history')
@AdminOnly()
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
    summary: 'Committed changes, newest first (ADMIN only)',
    description:
      'One change per record a committed write touched: `seq` (increasing, unique across api processes), `time`, `user`, `operation`, `kind`, `resource`, `request` (shared by the changes of one request) and the record’s JSON representation `before` and `after` (`null` for a create / a delete; in XML as JSON text). A full page links the next, older one (`next`).',
    query: ['since', 'olderThan', 'resource', 'user', 'limit'],
    success: ok('ChangeList'),
    throws: ['INVALID_VALUE'],
  })
  async list(@Query() query: Record<string, unknown>, @Links() links: LinkBuilder): Promise<RepDocument> {
    const q: ChangeQuery = {
      since: seqParam('since', query.since),
      olderThan: seqParam('olderThan', query.olderThan),
      resource: textParam('resource', query.resource),
      user: textParam('user', query.user),
      limit: limitParam(query.limit),
    };
    const changes = await this.log.list(q);
    let next: string | undefined;
    if (changes.length === q.limit) {
      const params = new URLSearchParams();
      for (const key of ['since', 'resource', 'user'] as const) if (q[key] !== undefined) params.set(key, String(q[key]));
      params.set('limit', String(q.limit));
      params.set('olderThan', changes[changes.length - 1].seq);
      next = `${links.restBase}/changes.${links.format}?${params}`;
    }
    return changeList(await this.drawer.draw(changes, links.restBase), next, links);
  }

  @Get(':seq')
  @Operation({ operationId: 'getChange', summary: 'One change (ADMIN only)', success: ok('Change'), throws: ['NOT_FOUND'] })
  async get(@Param('seq') seq: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const [change] = await this.drawer.draw([await this.log.get(seq)], links.restBase);
    // A change never changes: its number is its version.
    return new Tagged(changeDocument(change, links), `"change-${change.seq}"`);
  }

  @Post(':seq/revert')
  @Operation({
    operationId: 'revertChange',
    summary: 'Undo the request that made this change, as one new write (ADMIN only)',
    description:
      'Every record the request touched is put back as it was before it, and the revert’s changes say what it did to each: a create is undone by deleting (`delete`), a delete by re-creating (`create`: a style with its SLD bytes, a layer with its styles, a workspace with what its recursive delete removed), an update by restoring the record’s fields (`update`, with before and after) — so reverting a revert restores the later state. No credential comes back: a user re-created is disabled with no usable password; a data store keeps its current password (none when the revert points it at another server or user). 409 naming the record in the way, with problem code `CHANGED_SINCE` when one of them changed since (`force=true` overwrites that change), `REVERT_BLOCKED` when it cannot apply whatever `force` says (a record now depends on one it would delete, one it would bring back needs a record that is gone or has its name taken, one it would put back was deleted since), `CONFLICT` when no enabled administrator would be left.',
    query: ['force'],
    success: DONE,
    throws: ['NOT_FOUND', 'CHANGED_SINCE', 'REVERT_BLOCKED', 'CONFLICT'],
  })
  async revert(@Param('seq') seq: string, @QueryFlag('force') force: boolean): Promise<Done> {
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
}
