/**
 * Jest matchers for HTTP responses that print the body when the status is not the expected one,
 * so a failure says what the server answered instead of only `expected 201, received 500`.
 */
import type { HttpResponse } from './http';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      /** Exact status. */
      toHaveStatus(status: number): R;
      /** Exact status, `text/plain` body; exactly `message` when given, else non-empty. */
      toBeTextError(status: number, message?: string): R;
    }
  }
}

function describeResponse(res: HttpResponse): string {
  const body = res.text.length > 800 ? `${res.text.slice(0, 800)}… (${res.text.length} chars)` : res.text;
  return `${res.status} [${res.headers.get('content-type') ?? 'no content-type'}] ${JSON.stringify(body)}`;
}

expect.extend({
  toHaveStatus(received: HttpResponse, status: number) {
    const pass = received.status === status;
    return {
      pass,
      message: () => `expected status ${this.isNot ? 'not ' : ''}${status}, got ${describeResponse(received)}`,
    };
  },
  toBeTextError(received: HttpResponse, status: number, message?: string) {
    const problems: string[] = [];
    if (received.status !== status) problems.push(`status ${received.status} instead of ${status}`);
    if (received.contentType !== 'text/plain') problems.push(`content type '${received.contentType}' instead of text/plain`);
    if (message === undefined) {
      if (received.text.trim() === '') problems.push('empty body');
    } else if (received.text !== message) {
      problems.push(`body ${JSON.stringify(received.text)} instead of ${JSON.stringify(message)}`);
    }
    return {
      pass: problems.length === 0,
      message: () =>
        this.isNot ? `expected not a ${status} text error, got ${describeResponse(received)}` : `${problems.join('; ')} — got ${describeResponse(received)}`,
    };
  },
});

export {};
