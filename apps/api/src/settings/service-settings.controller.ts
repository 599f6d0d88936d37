import { Controller, Get, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CatalogError, readDeclared, ServiceSettings, SETTINGS_SERVICES, type SettingsService as ServiceName } from '@geocatalog/catalog-model';
import { Delete, Post, Put } from '../rest/write-routes';
import { readCatalogBody } from '../rest/catalog-body';
import { IfMatch, Links, RawBody, RequestBody } from '../rest/rest-params';
import { LinkBuilder } from '../rest/rest-request';
import { Created, Done, Tagged } from '../rest/rest-response';
import { DeclaredRoute, Operation, OperationTag } from '../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../openapi/operation-parts';
import { SETTINGS_EXAMPLES } from '../openapi/settings-examples';
import { serviceSettingsDocument, settingsTag } from './settings.mapper';
import { SettingsService } from './settings.service';

/** The service a route serves: `/services/wms/…` or `/services/wfs/…`. */
function serviceOf(route: DeclaredRoute): ServiceName {
  return route.path.startsWith('/services/wfs') ? 'wfs' : 'wms';
}

const upper = (route: DeclaredRoute) => serviceOf(route).toUpperCase();
const inWorkspace = (route: DeclaredRoute) => route.params.includes('ws');
const id = (route: DeclaredRoute, verb: string) => `${verb}${serviceOf(route) === 'wms' ? 'Wms' : 'Wfs'}Settings${inWorkspace(route) ? 'InWorkspace' : ''}`;
const schema = (route: DeclaredRoute) => (serviceOf(route) === 'wms' ? 'WmsSettings' : 'WfsSettings');
const bodySchema = (route: DeclaredRoute) => (serviceOf(route) === 'wms' ? 'WmsSettingsBody' : 'WfsSettingsBody');

/** The service named by the request path: `wms` or `wfs`. */
function service(path: string): ServiceName {
  const found = SETTINGS_SERVICES.find((s) => path.includes(`/services/${s}/`));
  if (!found) throw new CatalogError('NOT_FOUND', 'No such service');
  return found;
}

/** A service settings body, rooted at the service's name (`<wms>`, `<wfs>`). */
function readServiceBody(body: RawBody, name: ServiceName) {
  return readDeclared(ServiceSettings, readCatalogBody(body, name));
}

const GLOBAL = ['services/wms/settings', 'services/wfs/settings'];
const WORKSPACE = ['services/wms/workspaces/:ws/settings', 'services/wfs/workspaces/:ws/settings'];

/** `/rest/services/{wms|wfs}/settings` and `/rest/services/{wms|wfs}/workspaces/{ws}/settings` (GeoServer's `ServiceSettingsController`s). */
@Controller('rest')
@OperationTag('settings')
export class ServiceSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get([...GLOBAL, ...WORKSPACE])
  @Operation((route) => ({
    operationId: id(route, 'get'),
    summary: inWorkspace(route) ? `Read a workspace’s own ${upper(route)} settings` : `Read the global ${upper(route)} settings`,
    success: ok(schema(route)),
    throws: inWorkspace(route) ? ['NOT_FOUND'] : [],
  }))
  async get(@Param('ws') ws: string | undefined, @Req() req: Request): Promise<Tagged> {
    const { row, workspace } = await this.settings.service(service(req.path), ws);
    return new Tagged(serviceSettingsDocument(row, workspace?.name ?? null), settingsTag(row, workspace?.version));
  }

  @Post(WORKSPACE)
  @Operation((route) => ({
    operationId: id(route, 'create'),
    summary: `Give a workspace ${upper(route)} settings of its own`,
    body: catalogBody(bodySchema(route), serviceOf(route) === 'wms' ? SETTINGS_EXAMPLES.wms : SETTINGS_EXAMPLES.wfs),
    success: CREATED,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  }))
  async create(@Param('ws') ws: string, @RequestBody() body: RawBody, @Links() links: LinkBuilder, @Req() req: Request): Promise<Created> {
    const name = service(req.path);
    await this.settings.putService(name, ws, readServiceBody(body, name), 'create');
    return new Created(links.url('services', name, 'workspaces', ws, 'settings'), 'settings');
  }

  @Put([...GLOBAL, ...WORKSPACE])
  @Operation((route) => ({
    operationId: id(route, 'update'),
    summary: `Change the ${inWorkspace(route) ? 'workspace’s' : 'global'} ${upper(route)} settings (partial merge${inWorkspace(route) ? '; created when it has none' : ''})`,
    body: catalogBody(bodySchema(route), serviceOf(route) === 'wms' ? SETTINGS_EXAMPLES.wms : SETTINGS_EXAMPLES.wfs),
    success: DONE,
    throws: inWorkspace(route) ? ['NOT_FOUND'] : [],
  }))
  async update(@Param('ws') ws: string | undefined, @RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined, @Req() req: Request): Promise<Done> {
    const name = service(req.path);
    await this.settings.putService(name, ws, readServiceBody(body, name), 'put', ifMatch);
    return new Done();
  }

  @Delete(WORKSPACE)
  @Operation((route) => ({
    operationId: id(route, 'delete'),
    summary: `Delete a workspace’s own ${upper(route)} settings (it then uses the global ones)`,
    success: DONE,
    throws: ['NOT_FOUND'],
  }))
  async delete(@Param('ws') ws: string, @IfMatch() ifMatch: string | undefined, @Req() req: Request): Promise<Done> {
    await this.settings.deleteService(service(req.path), ws, ifMatch);
    return new Done();
  }
}
