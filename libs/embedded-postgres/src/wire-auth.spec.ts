import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { LoginRefused, ScramExchange, scramVerifier } from './wire-auth';

/** The client side of SCRAM-SHA-256 (RFC 5802), as libpq and node-postgres compute it. */
function client(password: string) {
  const nonce = randomBytes(18).toString('base64');
  const first = `n,,n=,r=${nonce}`;
  return {
    first,
    final(serverFirst: string, opts: { nonce?: string; binding?: string } = {}) {
      const attrs = Object.fromEntries(serverFirst.split(',').map((p) => [p[0], p.slice(2)]));
      const salted = pbkdf2Sync(password, Buffer.from(attrs.s, 'base64'), Number(attrs.i), 32, 'sha256');
      const clientKey = createHmac('sha256', salted).update('Client Key').digest();
      const storedKey = createHash('sha256').update(clientKey).digest();
      const withoutProof = `c=${opts.binding ?? 'biws'},r=${opts.nonce ?? attrs.r}`;
      const authMessage = `${first.slice(3)},${serverFirst},${withoutProof}`;
      const signature = createHmac('sha256', storedKey).update(authMessage).digest();
      const proof = Buffer.from(clientKey.map((b, i) => b ^ signature[i]));
      const serverKey = createHmac('sha256', salted).update('Server Key').digest();
      return {
        message: `${withoutProof},p=${proof.toString('base64')}`,
        serverSignature: createHmac('sha256', serverKey).update(authMessage).digest('base64'),
      };
    },
  };
}

describe('SCRAM-SHA-256 exchange of the embedded wire server', () => {
  const verifier = scramVerifier('the-right-password');

  it('accepts the right password and proves itself to the client', () => {
    const c = client('the-right-password');
    const server = new ScramExchange(verifier);
    const serverFirst = server.first(c.first);
    expect(serverFirst).toMatch(/^r=[^,]+,s=[A-Za-z0-9+/=]+,i=4096$/);
    const { message, serverSignature } = c.final(serverFirst);
    expect(server.final(message)).toBe(`v=${serverSignature}`);
  });

  it('refuses a wrong password', () => {
    const c = client('a-wrong-password');
    const server = new ScramExchange(verifier);
    expect(() => server.final(c.final(server.first(c.first)).message)).toThrow(new LoginRefused('wrong password'));
  });

  it('refuses a replayed or altered exchange: another nonce, another channel binding', () => {
    const c = client('the-right-password');
    const server = new ScramExchange(verifier);
    const serverFirst = server.first(c.first);
    expect(() => server.final(c.final(serverFirst, { nonce: 'abc' }).message)).toThrow('SCRAM nonce does not match');
    expect(() => new ScramExchange(verifier).final(c.final(serverFirst).message)).toThrow('malformed SCRAM client-final-message');
    const again = new ScramExchange(verifier);
    const first2 = again.first(c.first);
    expect(() => again.final(c.final(first2, { binding: 'eSws' }).message)).toThrow('SCRAM channel binding does not match');
  });

  it('refuses malformed messages and channel binding without crashing', () => {
    for (const bad of ['', 'n,,', 'x,,n=,r=abc', 'p=tls-server-end-point,,n=,r=abc', 'n,,n=,r=', 'n,,n=,r=a\u0000b']) {
      expect(() => new ScramExchange(verifier).first(bad)).toThrow(LoginRefused);
    }
    const server = new ScramExchange(verifier);
    server.first('n,,n=,r=abc');
    for (const bad of ['', 'c=biws', 'c=biws,r=abc', 'c=biws,r=abc,p=', 'garbage']) expect(() => server.final(bad)).toThrow(LoginRefused);
  });
});
