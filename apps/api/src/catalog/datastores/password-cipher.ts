import { Inject, Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENCRYPTED_PREFIX } from '@geocatalog/catalog-model';
import { APP_CONFIG, AppConfig } from '../../config/config';

const PLAIN_PREFIX = 'plain:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** First byte of a value bound to its store (associated data); values without it predate binding. */
const BOUND_MARKER = 0x02;

/** Where a store's password may go: the store, and the server it connects to. */
export interface PasswordBinding {
  workspace: string;
  store: string;
  host: string;
  port: string;
  database: string;
  user: string;
}

/** The binding of a store's parameters, as its password is encrypted and checked. */
export function bindingOf(workspace: string, store: string, params: Record<string, string>): PasswordBinding {
  const field = (key: string) => (params[key] ?? '').trim();
  const port = field('port');
  return {
    workspace,
    store,
    host: field('host').toLowerCase(),
    port: /^\d+$/.test(port) ? String(Number(port)) : port,
    database: field('database'),
    user: field('user'),
  };
}

function associatedData(b: PasswordBinding): Buffer {
  return Buffer.from(JSON.stringify(['geocatalog store password', b.workspace, b.store, b.host, b.port, b.database, b.user]), 'utf8');
}

/**
 * Encrypts data-store passwords at rest with AES-256-GCM, bound to their store: the workspace,
 * store, host, port, database and user are the associated data, so a `crypt2:` value read from
 * one store opens nothing when sent for another store or another server. The key is
 * `SECRET_KEY`, or a key file in `DATA_DIR` generated on first start; every api process sharing
 * a catalog needs the same key.
 */
@Injectable()
export class PasswordCipher {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = config.secretKey ?? loadOrCreateKeyFile(path.join(config.dataDir, 'secret.key'));
  }

  /** `crypt2:` + base64(marker | iv | ciphertext | tag). A fresh IV each time. */
  encrypt(plain: string, binding: PasswordBinding): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(associatedData(binding));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ENCRYPTED_PREFIX + Buffer.concat([Buffer.of(BOUND_MARKER), iv, body, cipher.getAuthTag()]).toString('base64');
  }

  /** The clear text of a value encrypted for this binding; throws for any other value. */
  decrypt(value: string, binding: PasswordBinding): string {
    const raw = this.raw(value);
    if (raw[0] !== BOUND_MARKER) throw new Error('not a bound value');
    return this.open(raw.subarray(1), associatedData(binding));
  }

  /** True when `value` was encrypted for exactly this binding with this catalog's key. */
  isBoundTo(value: string, binding: PasswordBinding): boolean {
    try {
      this.decrypt(value, binding);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The clear text of a value written before passwords were bound to their stores. Only the
   * start-up upgrade calls this, to re-encrypt such values bound; a client's value is never
   * accepted unbound.
   */
  decryptUnbound(value: string): string {
    return this.open(this.raw(value));
  }

  /** `plain:x` → `x`; other text as it is. */
  static clearText(sent: string): string {
    return sent.startsWith(PLAIN_PREFIX) ? sent.slice(PLAIN_PREFIX.length) : sent;
  }

  private raw(value: string): Buffer {
    const raw = Buffer.from(value.slice(ENCRYPTED_PREFIX.length), 'base64');
    if (!value.startsWith(ENCRYPTED_PREFIX) || raw.length < IV_BYTES + TAG_BYTES) throw new Error('not an encrypted value');
    return raw;
  }

  private open(raw: Buffer, aad?: Buffer): string {
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('not an encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

/**
 * The key in `file`, made there first if it does not exist. The new key is written whole to a
 * file of its own and then linked into place, which fails if `file` exists: processes starting
 * together on one DATA_DIR (the workers of a cluster) never read a half-written key, and all end
 * up with the one that was linked first.
 */
export function loadOrCreateKeyFile(file: string): Buffer {
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  const written = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  fs.writeFileSync(written, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(written, file);
    new Logger('Secrets').log(`Generated the data-store password key in ${file}`);
    return key;
  } catch (err) {
    // Another process sharing DATA_DIR linked its key first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateKeyFile(file);
    throw err;
  } finally {
    fs.rmSync(written, { force: true });
  }
}
