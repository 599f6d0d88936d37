import { Controller, Get, Req } from '@nestjs/common';
import { CatalogError, doc, list, obj, type RepDocument } from '@geocatalog/catalog-model';
import type { Principal } from '../auth/principal';
import { CatalogDb } from '../database/catalog-db';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { ok } from '../openapi/operation-parts';
import type { RestRequest } from '../rest/rest-request';
import { AccessService } from './access.service';

/**
 * Who the caller is to the data rules (contract §12): its user name, its acting roles (its groups'
 * too), and the workspaces it administers (`ws.*.a`), so that the console shows a workspace
 * administrator the controls of those workspaces and nothing else. Any signed-in user may ask, of
 * itself only: it tells nothing of other users or of the rules.
 */
@Controller('rest/security')
@OperationTag('security')
export class SelfController {
  constructor(
    private readonly access: AccessService,
    private readonly db: CatalogDb,
  ) {}

  @Get('self')
  @Operation({ operationId: 'getSelf', summary: 'Who the caller is: its roles and the workspaces it administers', success: ok('Self') })
  async self(@Req() req: RestRequest & { user?: Principal }): Promise<RepDocument> {
    const principal = req.user;
    if (!principal) throw new CatalogError('UNAUTHENTICATED', 'Authentication required: send valid Basic credentials');
    const decision = await this.access.decision();
    const caller = this.access.callerOf(principal);
    const workspaces = await this.db.query<{ name: string }>(`SELECT name FROM workspace ORDER BY name`);
    const administers = workspaces.map((w) => w.name).filter((name) => decision.administers(caller, name));
    return doc(
      'self',
      obj([
        ['userName', principal.userName],
        ['roles', list('role', [...principal.roles])],
        ['administers', list('workspace', administers)],
      ]),
    );
  }
}
