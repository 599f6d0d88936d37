import { Logger } from '@nestjs/common';
import { Client } from 'pg';

/** Wait before listening again after the notification connection failed. */
const RELISTEN_MS = 2000;
/**
 * Announcements within this many milliseconds go out as one notification. Each NOTIFY is a round
 * trip and wakes every listening process (each worker of a cluster): at 5 ms, writes at a few
 * hundred a second sent nearly one per commit; at 25 ms, a stream in another process hears of a
 * change at most 25 ms later.
 */
const ANNOUNCE_MS = 25;

/**
 * One connection to the catalog database that `LISTEN`s on a channel and calls `heard` for every
 * notification (its own included), and once after each (re)connection (what was notified while it was away is
 * lost: the caller reads what it missed). A broken connection is replaced every two seconds
 * until it works again, so an outage of the catalog database never ends the listening.
 */
export class CatalogNotifications {
  private readonly logger = new Logger('Notifications');
  private client?: Client;
  private retry?: NodeJS.Timeout;
  private closed = false;
  private announcing?: NodeJS.Timeout;
  /** A NOTIFY is on its way; `again`: another was announced meanwhile. */
  private sending = false;
  private again = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly heard: () => void,
  ) {}

  start(): void {
    void this.listen();
  }

  /**
   * Notifies the channel soon, on this connection, outside any writer's transaction (a NOTIFY
   * inside one would serialise commits cluster-wide); several announcements within a few
   * milliseconds are one notification, and those made while one is on its way are one more once
   * it is done (never two queries at once on the connection). Without a connection it is skipped:
   * listeners also look for themselves from time to time.
   */
  announce(): void {
    if (!this.client) return;
    if (this.sending) {
      this.again = true;
      return;
    }
    if (this.announcing) return;
    this.announcing = setTimeout(() => this.send(), ANNOUNCE_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearTimeout(this.announcing);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private send(): void {
    this.announcing = undefined;
    const client = this.client;
    if (!client) return;
    this.sending = true;
    client
      .query(`NOTIFY ${this.channel}`)
      .catch(() => undefined)
      .finally(() => {
        this.sending = false;
        if (!this.again) return;
        this.again = false;
        this.announce();
      });
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    const again = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), RELISTEN_MS);
    };
    this.client = client;
    client.on('notification', () => this.heard());
    client.on('error', (err) => {
      this.logger.warn(`Listening on ${this.channel} interrupted: ${err.message}; listening again`);
      again();
    });
    client.on('end', again);
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.heard();
    } catch (err) {
      this.logger.warn(`Cannot listen on ${this.channel}: ${(err as Error).message}; trying again`);
      again();
    }
  }
}
