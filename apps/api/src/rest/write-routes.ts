import { applyDecorators, Delete as NestDelete, Post as NestPost, Put as NestPut, UseInterceptors } from '@nestjs/common';
import { WriteInterceptor } from './write.interceptor';

/**
 * The route decorators of every write handler: Nest's own, with the {@link WriteInterceptor} that
 * reads the body after authorisation and runs dry runs. Controllers import `Post`, `Put` and
 * `Delete` from here (ESLint refuses them from `@nestjs/common`), so no write can miss it and no
 * read pays for it.
 */
export const Post = (path?: string | string[]) => applyDecorators(NestPost(path), UseInterceptors(WriteInterceptor));
export const Put = (path?: string | string[]) => applyDecorators(NestPut(path), UseInterceptors(WriteInterceptor));
export const Delete = (path?: string | string[]) => applyDecorators(NestDelete(path), UseInterceptors(WriteInterceptor));
