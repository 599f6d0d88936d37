import type { ArgumentsHost } from '@nestjs/common';
import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';
import { CatalogExceptionFilter } from './catalog-exception.filter';

// The input rule keeps such values from reaching the database, so no request can produce these
// errors any more; they are built here as the driver builds them (pg's DatabaseError wrapped in
// TypeORM's QueryFailedError) to check the safety net behind the rule.
function pgFailure(code: string, message: string): QueryFailedError {
  const driverError = new DatabaseError(message, message.length, 'error');
  driverError.code = code;
  return new QueryFailedError('INSERT INTO t VALUES ($1)', ['client value'], driverError);
}

describe('CatalogExceptionFilter and PostgreSQL data errors', () => {
  function answer(exception: unknown): { status: number; body: string; type: string } {
    const sent = { status: 0, body: '', type: '' };
    const res = {
      headersSent: false,
      status(code: number) {
        sent.status = code;
        return this;
      },
      setHeader(name: string, value: string) {
        if (name.toLowerCase() === 'content-type') sent.type = value;
      },
      end(body?: string) {
        sent.body = body ?? '';
      },
    };
    const req = { method: 'POST', originalUrl: '/rest/x', path: '/rest/x', headers: {}, query: {} };
    const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ArgumentsHost;
    new CatalogExceptionFilter().catch(exception, host);
    return sent;
  }

  it.each([
    ['22001', 'value too long for type character varying(3)', 'Invalid value: a text value is longer than the catalog allows'],
    ['22003', 'value "99999999999999999999" is out of range for type integer', 'Invalid value: a number is outside the range the catalog allows'],
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00', 'Invalid value: a text value is not valid UTF-8 or holds a NUL character'],
    ['22P05', 'unsupported Unicode escape sequence', 'Invalid value: a text value holds a character the catalog cannot store'],
  ])('answers SQLSTATE %s with a 400 that names no internals', (code, message, body) => {
    expect(answer(pgFailure(code, message))).toEqual({ status: 400, type: 'text/plain; charset=utf-8', body });
  });

  it('still answers other database failures with a 500 that names nothing', () => {
    const sent = answer(pgFailure('42P01', 'relation "no_such_table" does not exist'));
    expect(sent).toEqual({ status: 500, type: 'text/plain; charset=utf-8', body: 'Internal error; the server log has the details' });
  });
});
