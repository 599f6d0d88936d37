import { All, Controller, Req, Res } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import type { Request, Response } from 'express';
import { RouteTable } from './route-table';

/**
 * Catches every `/rest` request no other route took, after authentication (so an anonymous
 * probe gets 401, not a map of the API): 405 with `Allow` when the path exists with other
 * methods, else 404. Registered by the last module imported, so its route comes last.
 */
@Controller()
export class UnmatchedController {
  constructor(private readonly routes: RouteTable) {}

  @All('rest/*path')
  unmatched(@Req() req: Request, @Res() res: Response): never {
    const allow = this.routes.allowedMethods(req.path);
    if (allow.length) {
      res.setHeader('Allow', allow.join(', '));
      throw new CatalogError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    }
    throw new CatalogError('NOT_FOUND', `No such resource: ${req.path}`);
  }
}
