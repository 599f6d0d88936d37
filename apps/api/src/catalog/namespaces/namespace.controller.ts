import { Controller, Get, Param } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { CatalogError, collectionRoutes, Namespace, recordParam, recordSegments } from '@geocatalog/catalog-model';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody } from '../../rest/rest-params';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, Tagged } from '../../rest/rest-response';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { NAMESPACE_LIST, namespaceDocument, namespaceListItem, workspaceTag } from '../workspaces/workspace.mapper';
import { PostgisConnector } from '../../datastores/postgis/postgis.connector';
import { DEFAULT_ALIAS, WorkspaceService } from '../workspaces/workspace.service';
import { Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../../openapi/operation-parts';
import { EXAMPLES } from '../../openapi/examples';

/** `/rest/namespaces`: the namespace side of each workspace (prefix = workspace name). */
@Controller(collectionRoutes('namespace'))
@OperationTag('namespaces')
export class NamespaceController {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly connector: PostgisConnector,
  ) {}

  @Get()
  @Operation({ operationId: 'listNamespaces', summary: 'List the namespaces', success: ok('NamespaceList') })
  async list(@Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(NAMESPACE_LIST, await this.workspaces.list(), (w) => namespaceListItem(w, links));
  }

  /** Creates the namespace and its workspace, as GeoServer does. */
  @Post()
  @Operation({
    operationId: 'createNamespace',
    summary: 'Create a namespace and its workspace (how gsconfig creates workspaces)',
    query: ['default'],
    body: catalogBody('NamespaceBody', EXAMPLES.namespaceCreate),
    success: CREATED,
    throws: ['ALREADY_EXISTS'],
  })
  async create(@RequestBody() body: RawBody, @QueryFlag('default') makeDefault: boolean, @Links() links: LinkBuilder): Promise<Created> {
    const input = readBody(body, Namespace);
    if (!input.name) throw new CatalogError('MISSING_FIELD', 'The namespace has no prefix; it is required');
    if (!input.namespaceUri) throw new CatalogError('MISSING_FIELD', 'The namespace has no uri; it is required');
    const ws = await this.workspaces.create(input, makeDefault).catch((err: unknown) => {
      if (err instanceof CatalogError && err.message === `Workspace '${input.name}' already exists`) {
        throw new CatalogError('ALREADY_EXISTS', `Namespace with prefix '${input.name}' already exists.`);
      }
      throw err;
    });
    return new Created(links.url(...recordSegments('namespace', ws)), ws.name);
  }

  @Get(recordParam('namespace'))
  @Operation({ operationId: 'getNamespace', summary: 'Read a namespace', success: ok('Namespace'), throws: ['NOT_FOUND'] })
  async get(@Param('prefix') prefix: string): Promise<Tagged> {
    const ws = await this.workspaces.find(prefix);
    if (!ws) throw new CatalogError('NOT_FOUND', `No such namespace: '${prefix}' found`);
    return new Tagged(namespaceDocument(ws), workspaceTag(ws));
  }

  @Put(recordParam('namespace'))
  @Operation({
    operationId: 'updateNamespace',
    summary: 'Change a namespace’s URI or isolation (the prefix cannot change)',
    body: catalogBody('NamespaceBody', EXAMPLES.namespaceUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  })
  async update(@Param('prefix') prefix: string, @RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    const input = readBody(body, Namespace);
    if (prefix === DEFAULT_ALIAS && input.name) {
      await this.workspaces.setDefault(input.name);
      return new Done();
    }
    const current = await this.workspaces.find(prefix);
    if (!current) throw new CatalogError('NOT_FOUND', `No such namespace: '${prefix}' found`);
    if (input.name !== undefined && input.name !== current.name) {
      throw new CatalogError('INVALID_VALUE', "Can't change name of namespace");
    }
    await this.workspaces.update(current.name, { namespaceUri: input.namespaceUri, isolated: input.isolated }, ifMatch);
    return new Done();
  }

  @Delete(recordParam('namespace'))
  @Operation({
    operationId: 'deleteNamespace',
    summary: 'Delete a namespace and its workspace (`?recurse=true` when not empty)',
    query: ['recurse'],
    success: DONE,
    throws: ['NOT_FOUND'],
  })
  async delete(@Param('prefix') prefix: string, @QueryFlag('recurse') recurse: boolean, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    if (prefix === DEFAULT_ALIAS) throw new CatalogError('NOT_CHANGEABLE', "Can't delete the default namespace");
    const storeIds = await this.workspaces.delete(prefix, recurse, ifMatch).catch((err: unknown) => {
      if (err instanceof CatalogError && err.code === 'NOT_FOUND') throw new CatalogError('NOT_FOUND', `No such namespace: '${prefix}' found`);
      if (err instanceof CatalogError && err.code === 'NOT_EMPTY') throw new CatalogError('NOT_EMPTY', 'Namespace not empty');
      throw err;
    });
    await this.connector.releaseAll(storeIds);
    return new Done();
  }
}
