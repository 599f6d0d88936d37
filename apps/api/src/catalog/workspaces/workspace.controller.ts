import { Controller, Get, Param } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody } from '../../rest/rest-params';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, Tagged } from '../../rest/rest-response';
import { collectionRoutes, doc, list, recordParam, recordSegments, RepDocument, Workspace } from '@geocatalog/catalog-model';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { WORKSPACE_LIST, workspaceDocument, workspaceListItem, workspaceTag } from './workspace.mapper';
import { PostgisConnector } from '../../datastores/postgis/postgis.connector';
import { DEFAULT_ALIAS, WorkspaceService } from './workspace.service';
import { Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../../openapi/operation-parts';
import { EXAMPLES } from '../../openapi/examples';

/** `/rest/workspaces`: GeoServer's workspace endpoints. */
@Controller(collectionRoutes('workspace'))
@OperationTag('workspaces')
export class WorkspaceController {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly connector: PostgisConnector,
  ) {}

  @Get()
  @Operation({ operationId: 'listWorkspaces', summary: 'List the workspaces', success: ok('WorkspaceList') })
  async list(@Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(WORKSPACE_LIST, await this.workspaces.list(), (w) => workspaceListItem(w, links));
  }

  @Post()
  @Operation({
    operationId: 'createWorkspace',
    summary: 'Create a workspace and its namespace (`http://{name}`)',
    query: ['default'],
    body: catalogBody('WorkspaceBody', EXAMPLES.workspaceCreate),
    success: CREATED,
    throws: ['ALREADY_EXISTS'],
  })
  async create(@RequestBody() body: RawBody, @QueryFlag('default') makeDefault: boolean, @Links() links: LinkBuilder): Promise<Created> {
    const ws = await this.workspaces.create(readBody(body, Workspace), makeDefault);
    return new Created(links.url(...recordSegments('workspace', ws)), ws.name);
  }

  @Get(recordParam('workspace'))
  @Operation({ operationId: 'getWorkspace', summary: 'Read a workspace', success: ok('Workspace'), throws: ['NOT_FOUND'] })
  async get(@Param('ws') name: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const ws = await this.workspaces.get(name);
    return new Tagged(workspaceDocument(ws, links), workspaceTag(ws));
  }

  @Put(recordParam('workspace'))
  @Operation({
    operationId: 'updateWorkspace',
    summary: 'Change a workspace (partial merge; a new name renames it); PUT /workspaces/default sets the default workspace',
    body: catalogBody('WorkspaceBody', EXAMPLES.workspaceUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  })
  async update(@Param('ws') name: string, @RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    const input = readBody(body, Workspace);
    if (name === DEFAULT_ALIAS && input.name) {
      await this.workspaces.setDefault(input.name);
    } else {
      await this.workspaces.update(name, input, ifMatch);
    }
    return new Done();
  }

  @Delete(recordParam('workspace'))
  @Operation({
    operationId: 'deleteWorkspace',
    summary: 'Delete a workspace (with stores or styles: `?recurse=true` deletes them too)',
    query: ['recurse'],
    success: DONE,
    throws: ['NOT_FOUND'],
  })
  async delete(@Param('ws') name: string, @QueryFlag('recurse') recurse: boolean, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.connector.releaseAll(await this.workspaces.delete(name, recurse, ifMatch));
    return new Done();
  }

  /** Coverage, WMS and WMTS stores are not kept by this catalog: their lists exist and are empty. */
  @Get(':ws/coveragestores')
  @Operation({
    operationId: 'listCoverageStores',
    summary: 'The workspace’s coverage stores: always empty',
    success: ok('CoverageStoreList'),
    throws: ['NOT_FOUND'],
  })
  coverageStores(@Param('ws') name: string): Promise<RepDocument> {
    return this.emptyStoreList(name, 'coverageStores');
  }

  @Get(':ws/wmsstores')
  @Operation({ operationId: 'listWmsStores', summary: 'The workspace’s WMS stores: always empty', success: ok('WmsStoreList'), throws: ['NOT_FOUND'] })
  wmsStores(@Param('ws') name: string): Promise<RepDocument> {
    return this.emptyStoreList(name, 'wmsStores');
  }

  @Get(':ws/wmtsstores')
  @Operation({ operationId: 'listWmtsStores', summary: 'The workspace’s WMTS stores: always empty', success: ok('WmtsStoreList'), throws: ['NOT_FOUND'] })
  wmtsStores(@Param('ws') name: string): Promise<RepDocument> {
    return this.emptyStoreList(name, 'wmtsStores');
  }

  private async emptyStoreList(workspace: string, root: string): Promise<RepDocument> {
    await this.workspaces.get(workspace);
    return doc(root, list(root.slice(0, -1), []));
  }
}
