import { credentialRedactor, urlWithoutUserinfo } from './redact';

describe('credentialRedactor', () => {
  const redact = credentialRedactor({ GEOCATALOG_PASSWORD: 'p@ss word' }, 'admin');
  const token = Buffer.from('admin:p@ss word').toString('base64');

  it('hides the password as typed and percent-encoded, and the Basic token, alone or in a header', () => {
    expect(redact(`a p@ss word b p%40ss%20word c ${token} d ${token.replace(/=+$/, '')}`)).toBe('a *** b *** c *** d ***');
    expect(redact(`Authorization: Basic ${Buffer.from('someone:else').toString('base64')}`)).toBe('Authorization: Basic ***');
  });

  it("hides any URL's userinfo", () => {
    expect(redact('see http://u:x@host/a and https://a@b@c/ d')).toBe('see http://***@host/a and https://***@c/ d');
  });

  it('leaves words after "Basic" that are no credentials', () => {
    expect(redact('Authentication required: send valid Basic credentials')).toBe('Authentication required: send valid Basic credentials');
    expect(redact('Basic auth is on; Basic dGVzdA== is no user:password')).toBe('Basic auth is on; Basic dGVzdA== is no user:password');
  });

  it('without a password, still hides userinfo and Basic credentials', () => {
    expect(credentialRedactor({}, 'admin')(`http://a:b@h/ Basic ${Buffer.from('a:b').toString('base64')}`)).toBe('http://***@h/ Basic ***');
  });
});

describe('urlWithoutUserinfo', () => {
  it.each([
    ['http://admin:secret@host:80a/x', 'http://***@host:80a/x'],
    ['http://host:80a/x', 'http://host:80a/x'],
    ['admin:secret@host', '***@host'],
  ])('%j is shown as %j', (raw, shown) => expect(urlWithoutUserinfo(raw)).toBe(shown));
});
