import type { NextFunction, Request, Response } from 'express';

/** An Express middleware. */
export type Middleware = (req: Request, res: Response, next: NextFunction) => unknown;

/**
 * Several middlewares as one Express layer, run in turn as Express would run them (a thrown error
 * or a rejected promise passed on as `next(err)`, an error ending the sequence), without the
 * router's matching and bookkeeping between them: each layer costs every request that much.
 */
export function middlewareSequence(steps: Middleware[]): Middleware {
  return (req, res, next) => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined || i === steps.length) return next(err);
      const middleware = steps[i++];
      try {
        const returned = middleware(req, res, step);
        if (returned instanceof Promise) returned.then(undefined, (error: unknown) => step(error ?? new Error('Rejected promise')));
      } catch (error) {
        step(error);
      }
    };
    step();
  };
}
