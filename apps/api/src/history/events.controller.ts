import { Controller, Get, Headers, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import type { Request, Response } from 'express';
import { PassThrough } from 'node:stream';
import type { Principal } from '../auth/principal';
import { readsRecord } from '../access/record-access';
import { ChangeFeed, type Decisions } from './change-feed';
import { ChangeEvent, ChangeLog } from './change-log';
import { StreamAudience, Viewer } from './stream-audience';
import { Operation, OperationTag } from '../openapi/operation.decorator';

/** A comment line at least this often, so proxies and clients see the stream is alive. */
const KEEP_ALIVE_MS = 15_000;
/** Bytes a stream may have waiting for its client before it is dropped. */
const MAX_BUFFERED = 1 << 20;
/** How far back a non-administrator's replay (`since`, `Last-Event-ID`) reaches (contract §6). */
export const READER_REPLAY_MS = 24 * 60 * 60 * 1000;

/**
 * One change as a server-sent event, as `viewer` may see it: authors for administrators only;
 * nothing of a record the data rules did not let the viewer read when the change was made, or do
 * not now (accounts and rules: administrators only).
 */
function eventText(c: ChangeEvent, viewer: Viewer, decisions: Decisions): string | undefined {
  const caller = { roles: viewer.roles, anonymous: false };
  if (!viewer.admin && !decisions.every((decision) => readsRecord(decision, caller, c.kind, c.resource))) return undefined;
  const data = {
    seq: Number(c.seq),
    time: new Date(c.time).toISOString(),
    user: viewer.admin ? c.user : undefined,
    operation: c.operation,
    kind: c.kind,
    resource: c.resource,
    request: c.request,
  };
  return `id: ${c.seq}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * `GET /rest/events` (contract §7): every committed catalog change as a server-sent event, from
 * any api process sharing the catalog database. `Last-Event-ID` (or `?since=`) replays what was
 * missed first. What a stream may see is its user's access as checked for as long as it is open
 * (contract §6, {@link StreamAudience}): user accounts' changes and authors go to administrators
 * only, as the security endpoints and the history do; a non-administrator's replay reaches back
 * {@link READER_REPLAY_MS}; the stream ends when its user's access changes.
 */
@Controller('rest/events')
@OperationTag('history')
export class EventsController {
  constructor(
    private readonly feed: ChangeFeed,
    private readonly log: ChangeLog,
    private readonly audience: StreamAudience,
  ) {}

  @Get()
  @Operation({
    operationId: 'streamEvents',
    summary: 'Committed changes as server-sent events, live, from every api process',
    description:
      'A `text/event-stream`: per change `id: {seq}`, `event: change`, `data:` the change as JSON without `before`/`after`; a `: keep-alive` comment at least every 15 s. `Last-Event-ID` (or `?since=`) replays what was missed first; a non-administrator’s replay reaches back 24 hours at most. Any signed-in user with a role may watch; a change of a record the data rules did not let the user read when the change was made, or do not when it is sent, is not sent (a record hidden after the stream opened is no longer sent). Changes of user accounts and of the rules, and the `user` who made a change, go to administrators only. The stream ends when its user is deleted, disabled, renamed, given a new password or other roles, or its console session ends. A client that stops reading is disconnected. At most 20 open streams per user and 1,000 in all per api process: beyond, 429 with `Retry-After`, before the stream opens.',
    query: ['since'],
    success: { status: 200, eventStream: true },
    throws: ['INVALID_VALUE', 'TOO_MANY_REQUESTS'],
  })
  async stream(
    @Req() req: Request & { user?: Principal },
    @Res({ passthrough: true }) res: Response,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Query('since') sinceParam: unknown,
  ): Promise<StreamableFile> {
    let since = lastEventId ?? sinceParam;
    if (since !== undefined && (typeof since !== 'string' || !/^\d{1,18}$/.test(since))) {
      throw new CatalogError('INVALID_VALUE', `Invalid ${lastEventId !== undefined ? 'Last-Event-ID' : 'since'} '${String(since)}': give a change number`);
    }
    const out = new PassThrough();
    // What `end` undoes, as it is set up (the audience may end the stream while admitting it).
    const opened: { viewer?: Viewer; keepAlive?: NodeJS.Timeout; close?: () => void } = {};
    const end = () => {
      clearInterval(opened.keepAlive);
      opened.close?.();
      opened.close = undefined;
      if (opened.viewer) this.audience.release(opened.viewer);
      out.end();
    };
    // Refused past the caps (429) before anything of the stream is sent.
    const admitted = await this.audience.admit(req.user!, () => {
      out.write(": ended: the access of this stream's user changed\n\n");
      end();
    });
    opened.viewer = admitted;
    try {
      if (since !== undefined && !admitted.admin) {
        const floor = await this.log.replayFloor(READER_REPLAY_MS);
        if (BigInt(floor) > BigInt(since)) since = floor;
      }
    } catch (err) {
      end();
      throw err;
    }
    opened.keepAlive = setInterval(() => out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const send = (c: ChangeEvent, decisions: Decisions): boolean => {
      const text = admitted.ended ? undefined : eventText(c, admitted, decisions);
      if (text === undefined) return true;
      out.write(text);
      return out.writableLength + (res.socket?.writableLength ?? 0) <= MAX_BUFFERED;
    };
    const drop = () => {
      end();
      res.socket?.destroy();
    };
    req.on('close', end);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Accel-Buffering', 'no');
    out.write(`: geocatalog change events\nretry: 3000\n\n`);
    const drained = () =>
      new Promise<void>((resolve) =>
        out.writableLength < MAX_BUFFERED / 2 ? resolve() : (out.once('drain', () => resolve()), out.once('close', () => resolve())),
      );
    try {
      opened.close = await this.feed.subscribe(since as string | undefined, send, drop, drained);
    } catch (err) {
      end();
      throw err;
    }
    if (req.destroyed || admitted.ended) end();
    return new StreamableFile(out, { type: 'text/event-stream' });
  }
}
