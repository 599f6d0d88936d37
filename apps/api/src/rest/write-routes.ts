import { applyDecorators, createParamDecorator, Delete as NestDelete, ExecutionContext, Post as NestPost, Put as NestPut, UseGuards } from '@nestjs/common';
import { WriteGuard, writeRunnerOf } from './write.guard';

/** The request, given to a write handler's wrapper as one more argument after the handler's own. */
const WriteRequest = createParamDecorator((_: unknown, ctx: ExecutionContext): object => ctx.switchToHttp().getRequest<object>());

/**
 * Wraps a write handler so that it runs as its {@link WriteGuard} said (change context, dry run):
 * Nest gives the wrapper the handler's arguments and, after them, the request. Called by another
 * handler (without the request), it is that handler's work and runs as it is. What decorators
 * applied before this one recorded on the handler is recorded on the wrapper too.
 */
const runsAsWrite: MethodDecorator = (target, key, descriptor) => {
  const handler = descriptor.value as unknown as (...args: unknown[]) => unknown;
  const declared = ((Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined) ?? []).length;
  const wrapper = function (this: unknown, ...args: unknown[]): Promise<unknown> {
    if (args.length <= declared) return Promise.resolve(handler.apply(this, args));
    return writeRunnerOf(args[declared] as object)(async () => handler.apply(this, args.slice(0, declared)));
  };
  for (const metadataKey of Reflect.getOwnMetadataKeys(handler)) {
    Reflect.defineMetadata(metadataKey, Reflect.getOwnMetadata(metadataKey, handler), wrapper);
  }
  Object.defineProperty(wrapper, 'name', { value: handler.name });
  (descriptor as PropertyDescriptor).value = wrapper;
  WriteRequest()(target, key, declared);
};

/**
 * The route decorators of every write handler: Nest's own, with the {@link WriteGuard} that reads
 * the body after authorisation and the wrapper that runs the handler in its change context, as a
 * dry run when asked. Controllers import `Post`, `Put` and `Delete` from here (ESLint refuses them
 * from `@nestjs/common`), so no write can miss them and no read pays for them.
 */
export const Post = (path?: string | string[]) => applyDecorators(runsAsWrite, NestPost(path), UseGuards(WriteGuard));
export const Put = (path?: string | string[]) => applyDecorators(runsAsWrite, NestPut(path), UseGuards(WriteGuard));
export const Delete = (path?: string | string[]) => applyDecorators(runsAsWrite, NestDelete(path), UseGuards(WriteGuard));
