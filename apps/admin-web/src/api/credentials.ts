/** What a person types to sign in. */
export interface Credentials {
  userName: string;
  password: string;
}

/**
 * The `Authorization` header value for HTTP Basic auth. `user:password` is encoded as UTF-8
 * before base64 (RFC 7617), so names and passwords outside Latin-1 work, which `btoa` alone
 * would refuse.
 */
export function basicAuthorization({ userName, password }: Credentials): string {
  const bytes = new TextEncoder().encode(`${userName}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
