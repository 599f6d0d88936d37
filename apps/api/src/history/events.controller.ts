import { Controller, Get, Headers, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import type { Request, Response } from 'express';
import { PassThrough } from 'node:stream';
import type { Principal } from '../auth/principal';
import { ChangeFeed } from './change-feed';
import type { ChangeEvent } from './change-log';

/** A comment line at least this often, so proxies and clients see the stream is alive. */
const KEEP_ALIVE_MS = 15_000;
/** Bytes a stream may have waiting for its client before it is dropped. */
const MAX_BUFFERED = 1 << 20;

/** One change as a server-sent event. */
function eventText(c: ChangeEvent): string {
  const data = {
    seq: Number(c.seq),
    time: new Date(c.time).toISOString(),
    user: c.user,
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
 * missed first. User accounts' changes go to administrators only, as the security endpoints do.
 */
@Controller('rest/events')
export class EventsController {
  constructor(private readonly feed: ChangeFeed) {}

  @Get()
  async stream(
    @Req() req: Request & { user?: Principal },
    @Res({ passthrough: true }) res: Response,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Query('since') sinceParam: unknown,
  ): Promise<StreamableFile> {
    const since = lastEventId ?? sinceParam;
    if (since !== undefined && (typeof since !== 'string' || !/^\d{1,18}$/.test(since))) {
      throw new CatalogError('INVALID_VALUE', `Invalid ${lastEventId !== undefined ? 'Last-Event-ID' : 'since'} '${String(since)}': give a change number`);
    }
    const admin = req.user?.roles.includes('ADMIN') ?? false;
    const out = new PassThrough();
    let close: (() => void) | undefined;
    const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const end = () => {
      clearInterval(keepAlive);
      close?.();
      close = undefined;
      out.end();
    };
    const send = (c: ChangeEvent): boolean => {
      if (c.kind === 'user' && !admin) return true;
      out.write(eventText(c));
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
    close = await this.feed.subscribe(since as string | undefined, send, drop, drained);
    if (req.destroyed) end();
    return new StreamableFile(out, { type: 'text/event-stream' });
  }
}
