import { xml2js, type Element } from 'xml-js';
import type { SecurityFiles } from './security-files';
import { decodeBase64, decodeUtf8, jasyptDecryptBytes } from './jasypt';

/** `URLMasterPasswordProvider.BASE`: GeoServer's built-in key for the master password file, before permutation. */
const URL_PROVIDER_BASE = 'Un6dIlXTQcL)$#qJUlXQU!nnp%Ur5Uu35H`xPFrX';
/** `URLMasterPasswordProvider.PERM`, applied 32 times (`SecurityUtils.permute`). */
const URL_PROVIDER_PERM = [
  32, 19, 30, 11, 34, 26, 3, 21, 9, 37, 38, 13, 23, 2, 18, 4, 20, 1, 29, 17, 0, 31, 14, 36, 12, 24, 15, 35, 16, 39, 25, 5, 10, 8, 7, 6, 33, 27, 28, 22,
];
const URL_PROVIDER_CLASS = 'org.geoserver.security.password.URLMasterPasswordProvider';

/**
 * The Jasypt password of the master password file: `SecurityUtils.permute(BASE, 32, PERM)`, which
 * permutes back and forth between two arrays and returns the second (so 31 applications).
 */
export function urlProviderKey(): string {
  const working = [[...URL_PROVIDER_BASE], new Array<string>(URL_PROVIDER_BASE.length)];
  for (let j = 0; j < 32; j++) {
    const source = working[j % 2];
    const target = working[(j + 1) % 2];
    source.forEach((c, i) => (target[URL_PROVIDER_PERM[i]] = c));
  }
  return working[1].join('');
}

/**
 * The master password of a data directory's `security/` folder, read the way GeoServer's URL
 * master password provider does: `security/masterpw.xml` names the provider (`default` when
 * absent), `security/masterpw/{name}/config.xml` gives its file (a `file:` URL relative to that
 * folder) and whether the file is encrypted (`<encrypting>`): then it holds base64 of Jasypt's
 * PBEWithMD5AndDES under the built-in key, else the password itself; either way UTF-8.
 */
export function readMasterPassword(files: SecurityFiles): { password: string } | { unavailable: string } {
  const provider = providerName(files);
  if (typeof provider !== 'string') return provider;
  const folder = `security/masterpw/${provider}`;
  const configPath = `${folder}/config.xml`;
  const configBytes = files.get(configPath);
  if (!configBytes) return { unavailable: `the directory has no ${configPath}` };
  let config: Element | undefined;
  try {
    config = rootElement(configBytes);
  } catch {
    return { unavailable: `${configPath} is not well-formed XML` };
  }
  const className = childText(config, 'className');
  if (className !== URL_PROVIDER_CLASS) {
    return { unavailable: `${configPath} names the master password provider ${className ?? '(none)'}; only ${URL_PROVIDER_CLASS} is read` };
  }
  const url = childText(config, 'url');
  const file = url?.match(/^file:(?!\/)(.+)$/i)?.[1];
  if (!file || file.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    return { unavailable: `${configPath} keeps the master password at ${url ?? '(no url)'}, outside the directory` };
  }
  const passwdPath = `${folder}/${file}`;
  const passwd = files.get(passwdPath);
  if (!passwd) return { unavailable: `the directory has no ${passwdPath}` };
  try {
    const clear =
      childText(config, 'encrypting') === 'true' ? jasyptDecryptBytes(urlProviderKey(), decodeBase64(Buffer.from(passwd).toString('latin1'))) : passwd;
    return { password: decodeUtf8(clear) };
  } catch (e) {
    return { unavailable: `${passwdPath} cannot be read with GeoServer's built-in key: ${(e as Error).message}` };
  }
}

function providerName(files: SecurityFiles): string | { unavailable: string } {
  const bytes = files.get('security/masterpw.xml');
  if (!bytes) return 'default';
  let name: string | undefined;
  try {
    name = childText(rootElement(bytes), 'providerName');
  } catch {
    return { unavailable: 'security/masterpw.xml is not well-formed XML' };
  }
  if (name === undefined) return 'default';
  if (!/^[\w.-]+$/.test(name) || name === '.' || name === '..') return { unavailable: `security/masterpw.xml names an unusable provider "${name}"` };
  return name;
}

function rootElement(bytes: Uint8Array): Element | undefined {
  const doc = xml2js(Buffer.from(bytes).toString('utf8'), { compact: false }) as Element;
  return doc.elements?.find((e) => e.type === 'element');
}

function childText(parent: Element | undefined, name: string): string | undefined {
  const child = parent?.elements?.find((e) => e.type === 'element' && e.name === name);
  if (!child) return undefined;
  return (child.elements ?? [])
    .filter((e) => e.type === 'text' || e.type === 'cdata')
    .map((e) => String(e.text ?? e.cdata ?? ''))
    .join('')
    .trim();
}
