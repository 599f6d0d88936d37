/**
 * Bodies, proxies and content types (issue 9, scope 7; contract §6).
 *
 * - A body is read only after authentication: an anonymous 9 MB upload is answered 401 as soon as
 *   its headers arrive, and the connection is closed without reading the rest. An oversized
 *   declared length is a 413 at once; a chunked body is refused when it crosses the limit.
 * - `X-Forwarded-*` count only with `TRUST_PROXY`, and only `http`/`https` as a scheme (links once
 *   came back as `javascript://evil.example/...`).
 * - The declared Content-Type decides how a body is read: a style PUT with `application/json`
 *   and an SLD body is a 400, not a stored SLD.
 * Raw sockets send exactly what is written, and show when the server answers.
 */
import { connect, Socket } from 'node:net';
import { ApiServer } from '../support/api-server';
import { createStyle, createWorkspace, sldFixture, useApiServer } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { basicAuth, SLD_10 } from '../support/http';

const ctx = useApiServer();

interface RawExchange {
  socket: Socket;
  /** Resolves with the response head and whatever body came with it, as soon as a response arrives. */
  response: Promise<string>;
  /** Resolves when the server closes the connection, with the ms since the request was sent. */
  closed: Promise<number>;
}

/** Opens a connection and sends `head` (request line and headers) and `body`, nothing more. */
function send(server: ApiServer, head: string, body: Buffer | string = ''): RawExchange {
  const url = new URL(server.baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  const started = Date.now();
  let received = '';
  const response = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) resolve(received);
    });
    socket.on('close', () => resolve(received));
  });
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  socket.write(head + '\r\n' + '\r\n');
  if (body.length) socket.write(body);
  return { socket, response, closed };
}

function statusOf(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
}

function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);
}

const NINE_MB = 9 * 1024 * 1024;

describe('bodies are read only after authentication', () => {
  it("the issue's anonymous 9 MB upload: 401 once the headers are in, the rest never read, the connection closed", async () => {
    const path = '/geoserver/rest/workspaces';
    const x = send(ctx.server, `POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/xml\r\nContent-Length: ${NINE_MB}`, '<workspace><name>');
    const response = await within(3_000, 'the 401', x.response);
    expect(statusOf(response)).toBe(401);
    expect(response.toLowerCase()).toContain('connection: close');
    // The client never sends the other 9 MB; the server does not wait for them.
    const closedAfter = await within(6_000, 'the close', x.closed);
    expect(closedAfter).toBeLessThan(5_000);
  });

  it('a wrong password with a body: the same', async () => {
    const auth = basicAuth(ctx.server.admin.user, 'not-the-password');
    const x = send(
      ctx.server,
      `PUT /geoserver/rest/styles/point HTTP/1.1\r\nHost: t\r\nAuthorization: ${auth}\r\nContent-Type: ${SLD_10}\r\nContent-Length: ${NINE_MB}`,
      '<StyledLayerDescriptor',
    );
    expect(statusOf(await within(3_000, 'the 401', x.response))).toBe(401);
    await within(6_000, 'the close', x.closed);
  });

  it('a declared length over the limit is a 413 at once, even for an admin', async () => {
    const auth = basicAuth(ctx.server.admin.user, ctx.server.admin.password);
    const x = send(
      ctx.server,
      `PUT /geoserver/rest/styles/point HTTP/1.1\r\nHost: t\r\nAuthorization: ${auth}\r\nContent-Type: ${SLD_10}\r\nContent-Length: ${11 * 1024 * 1024}`,
      '<Styled',
    );
    const response = await within(3_000, 'the 413', x.response);
    expect(statusOf(response)).toBe(413);
    expect(response.toLowerCase()).toContain('connection: close');
    await within(6_000, 'the close', x.closed);
  });

  it('a chunked body is refused when it crosses the limit, without waiting for its end', async () => {
    const auth = basicAuth(ctx.server.admin.user, ctx.server.admin.password);
    const x = send(
      ctx.server,
      `PUT /geoserver/rest/styles/point HTTP/1.1\r\nHost: t\r\nAuthorization: ${auth}\r\nContent-Type: ${SLD_10}\r\nTransfer-Encoding: chunked`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let answered = false;
    void x.response.then(() => (answered = true));
    for (let i = 0; i < 11 && !answered; i++) {
      x.socket.write(`${chunk.length.toString(16)}\r\n`);
      x.socket.write(chunk);
      x.socket.write('\r\n');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // No terminating chunk is ever sent.
    expect(statusOf(await within(5_000, 'the 413', x.response))).toBe(413);
    await within(6_000, 'the close', x.closed);
  });

  it('an authorised body is read and used as before', async () => {
    const name = uniqueName('body');
    expect(await ctx.api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`)).toHaveStatus(201);
    expect(await ctx.api.get(`/workspaces/${name}.json`)).toHaveStatus(200);
  });

  it("a client that goes away in the middle of its body is the client's failure, not the catalog's; nothing is stored", async () => {
    const { server, api } = ctx;
    const name = uniqueName('halfbody');
    const body = `<workspace><name>${name}</name></workspace>`;
    const { socket } = send(
      server,
      `POST /geoserver/rest/workspaces HTTP/1.1\r\nHost: x\r\nAuthorization: ${basicAuth(server.admin.user, server.admin.password)}\r\nContent-Type: text/xml\r\nContent-Length: ${body.length + 100}`,
      body,
    );
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect(server.output()).not.toMatch(/Catalog database unavailable/);
    expect((await api.get(`/workspaces/${name}.json`)).status).toBe(404);
    expect((await api.get('/workspaces.json')).status).toBe(200);
  });
});

describe('proxy headers count only with TRUST_PROXY', () => {
  const hostile = { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example', 'x-forwarded-prefix': '/x' };

  it("without it, the issue's javascript://evil.example links cannot be made: links use the request", async () => {
    const name = uniqueName('fwd');
    const res = await ctx.api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`, { headers: hostile });
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${ctx.server.restUrl}/workspaces/${name}`);
    const read = await ctx.api.get(`/workspaces/${name}.xml`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } });
    expect(read.text).not.toContain('evil.example');
    expect(read.text).toContain(ctx.server.restUrl);
  });

  describe('with TRUST_PROXY=on', () => {
    const proxy = useApiServer({ env: { TRUST_PROXY: 'on' } });

    it('the host and prefix are used, but never a scheme other than http/https nor a host that is no host', async () => {
      const api = proxy.api;
      const name = uniqueName('fwd');
      const res = await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`, { headers: hostile });
      expect(res).toHaveStatus(201);
      expect(res.headers.get('location')).toBe(`http://evil.example/x/geoserver/rest/workspaces/${name}`);
      const bad = await api.get(`/workspaces/${name}.json`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example/path?q' } });
      expect(bad.text).toContain(`https://${new URL(proxy.server.baseUrl).host}/geoserver/rest/workspaces/${name}`);
    });
  });
});

describe('the declared Content-Type decides how a body is read', () => {
  it("the issue's style PUT: application/json with an SLD body is a 400, and the style is unchanged", async () => {
    const ws = uniqueName('ctype');
    await createWorkspace(ctx.api, ws);
    await createStyle(ctx.api, ws, 'shape');
    const sld = sldFixture('valid', 'polygon-simple.sld').bytes;
    const before = await ctx.api.get(`/workspaces/${ws}/styles/shape.json`);
    const res = await ctx.api.put(`/workspaces/${ws}/styles/shape`, sld, 'application/json');
    expect(res).toHaveStatus(400);
    expect(await ctx.api.get(`/workspaces/${ws}/styles/shape.sld`)).toHaveStatus(404);
    expect((await ctx.api.get(`/workspaces/${ws}/styles/shape.json`)).text).toBe(before.text);
    // The same body with its own type is an SLD.
    expect(await ctx.api.put(`/workspaces/${ws}/styles/shape`, sld, SLD_10)).toHaveStatus(200);
    expect(await ctx.api.get(`/workspaces/${ws}/styles/shape.sld`)).toHaveStatus(200);
  });

  it('application/xml with an SLD body is read as a <style> record, not sniffed', async () => {
    const ws = uniqueName('ctype');
    await createWorkspace(ctx.api, ws);
    await createStyle(ctx.api, ws, 'shape');
    const res = await ctx.api.put(`/workspaces/${ws}/styles/shape`, sldFixture('valid', 'polygon-simple.sld').bytes, 'application/xml');
    expect(res).toHaveStatus(400);
    expect(await ctx.api.get(`/workspaces/${ws}/styles/shape.sld`)).toHaveStatus(404);
  });
});
