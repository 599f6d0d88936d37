import { Inject, Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CatalogError } from '@geocatalog/catalog-model';
import { APP_CONFIG, AppConfig } from '../../config/config';

/** Prefix of an encrypted value, as GeoServer's strong PBE encoder names it. */
export const ENCRYPTED_PREFIX = 'crypt2:';
const PLAIN_PREFIX = 'plain:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts data-store passwords at rest with AES-256-GCM. The key is `SECRET_KEY`, or a key file
 * in `DATA_DIR` generated on first start. Every api process sharing a catalog needs the same key.
 */
@Injectable()
export class PasswordCipher {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = config.secretKey ?? loadOrCreateKeyFile(path.join(config.dataDir, 'secret.key'));
  }

  /** `crypt2:` + base64(iv | ciphertext | tag). A fresh IV each time. */
  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ENCRYPTED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
  }

  /** The clear text of an encrypted value; throws when it was not made with this key. */
  decrypt(value: string): string {
    const raw = Buffer.from(value.slice(ENCRYPTED_PREFIX.length), 'base64');
    if (!value.startsWith(ENCRYPTED_PREFIX) || raw.length < IV_BYTES + TAG_BYTES) {
      throw new Error('not an encrypted value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /**
   * The value to store for a password a client sent: a `crypt2:` value made by this catalog is
   * kept as it is (a client PUTting back what it read keeps the password), `plain:x` and plain
   * text are encrypted, and an encrypted value this catalog cannot read is refused.
   */
  protect(sent: string): string {
    if (sent.startsWith(ENCRYPTED_PREFIX)) {
      try {
        this.decrypt(sent);
        return sent;
      } catch {
        throw new CatalogError('INVALID_VALUE', 'The passwd value is encrypted with a key this catalog does not have; send the password itself');
      }
    }
    if (/^crypt1:/.test(sent)) {
      throw new CatalogError('INVALID_VALUE', 'The passwd value is encrypted with a key this catalog does not have; send the password itself');
    }
    return this.encrypt(sent.startsWith(PLAIN_PREFIX) ? sent.slice(PLAIN_PREFIX.length) : sent);
  }
}

function loadOrCreateKeyFile(file: string): Buffer {
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    new Logger('Secrets').log(`Generated the data-store password key in ${file}`);
    return key;
  } catch (err) {
    // Another process sharing DATA_DIR wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateKeyFile(file);
    throw err;
  }
}
