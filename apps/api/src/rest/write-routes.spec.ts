import { SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { ExecutionContext } from '@nestjs/common';
import type { CatalogDb } from '../database/catalog-db';
import { changeUser, currentChange } from '../history/change-context';
import { Post } from './write-routes';
import { WriteGuard } from './write.guard';

class Handlers {
  @Post()
  @SetMetadata('mark', 'kept')
  async write(a: number, b: number): Promise<string> {
    return `${a + b} by ${changeUser(currentChange())}`;
  }

  @Post('again')
  again(a: number, b: number): Promise<string> {
    return this.write(a, b);
  }
}

const request = () => ({ method: 'POST', query: {}, headers: {}, user: { userName: 'alice', roles: ['ADMIN'] } });
const contextOf = (req: object, handler: object) =>
  ({
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({ setHeader: () => undefined }) }),
    getHandler: () => handler,
  }) as unknown as ExecutionContext;

describe('write routes', () => {
  const handlers = new Handlers();

  it('keep what decorators recorded on the handler, and ask Nest for the request after its arguments', () => {
    expect(Reflect.getMetadata('mark', Handlers.prototype.write)).toBe('kept');
    expect(Reflect.getMetadata(METHOD_METADATA, Handlers.prototype.write)).toBeDefined();
    const args = Object.values(Reflect.getMetadata(ROUTE_ARGS_METADATA, Handlers, 'write') as Record<string, { index: number }>);
    expect(args.map((a) => a.index)).toEqual([2]);
  });

  it('run the handler in its request’s change context, as the write guard said', async () => {
    const req = request();
    await new WriteGuard({} as CatalogDb).canActivate(contextOf(req, Handlers.prototype.write));
    await expect((handlers.write as (...args: unknown[]) => Promise<string>)(1, 2, req)).resolves.toBe('3 by alice');
  });

  it('refuse to run a handler its guard did not see', () => {
    expect(() => (handlers.write as (...args: unknown[]) => Promise<string>)(1, 2, request())).toThrow('without its WriteGuard');
  });

  it('let a handler call another as its own work', async () => {
    const req = request();
    await new WriteGuard({} as CatalogDb).canActivate(contextOf(req, Handlers.prototype.again));
    await expect((handlers.again as (...args: unknown[]) => Promise<string>)(2, 3, req)).resolves.toBe('5 by alice');
  });
});
