/** Stands for a credential the CLI will not print. */
const HIDDEN = '***';

/** `scheme://` at the start of a URL. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** `scheme://anything@` in a text: the userinfo of a URL (up to the last `@` before a space). */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)\S*@/gi;

/** `Basic <token>`, as in an `Authorization` header. */
const BASIC = /\bBasic\s+([A-Za-z0-9+/]+={0,2})/gi;

/** `Basic dXNlcjpwYXNz` when the token is one: whole base64 quads of printable `user:password`. */
function basicCredentials(match: string, token: string): string {
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  return token.length % 4 === 0 && decoded.includes(':') && !/[\x00-\x1f\x7f\ufffd]/.test(decoded) ? `Basic ${HIDDEN}` : match;
}

/**
 * A URL as typed, without what could be its userinfo: everything between `scheme://` and the last
 * `@` becomes `***`, also when the URL does not parse (`http://admin:secret@host:80a/`, a password
 * holding `/` or a space). A text without `@` is returned as it is.
 */
export function urlWithoutUserinfo(raw: string): string {
  const at = raw.lastIndexOf('@');
  if (at < 0) return raw;
  return `${SCHEME.exec(raw)?.[0] ?? ''}${HIDDEN}@${raw.slice(at + 1)}`;
}

/**
 * A redactor for everything the CLI prints: the password (as typed, percent-encoded, and inside the
 * Basic token with the user), any URL's userinfo and any Basic credentials are replaced by `***`,
 * whatever put them there (the server echoing a request, an error naming a URL).
 */
export function credentialRedactor(env: Readonly<Record<string, string | undefined>>, defaultUser: string): (text: string) => string {
  const password = env.GEOCATALOG_PASSWORD;
  const secrets: string[] = [];
  if (password) {
    const token = Buffer.from(`${env.GEOCATALOG_USER || defaultUser}:${password}`, 'utf8').toString('base64');
    secrets.push(token, token.replace(/=+$/, ''), password, encodeURIComponent(password));
  }
  return (text) => {
    let out = text.replace(USERINFO, `$1${HIDDEN}@`).replace(BASIC, basicCredentials);
    for (const secret of secrets) out = out.split(secret).join(HIDDEN);
    return out;
  };
}
