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

/** `/rest/workspaces`: GeoServer's workspace endpoints. */
@Controller(collectionRoutes('workspace'))
export class WorkspaceController {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly connector: PostgisConnector,
  ) {}

  @Get()
  async list(@Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(WORKSPACE_LIST, await this.workspaces.list(), (w) => workspaceListItem(w, links));
  }

  @Post()
  async create(@RequestBody() body: RawBody, @QueryFlag('default') makeDefault: boolean, @Links() links: LinkBuilder): Promise<Created> {
    const ws = await this.workspaces.create(readBody(body, Workspace), makeDefault);
    return new Created(links.url(...recordSegments('workspace', ws)), ws.name);
  }

  @Get(recordParam('workspace'))
  async get(@Param('ws') name: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const ws = await this.workspaces.get(name);
    return new Tagged(workspaceDocument(ws, links), workspaceTag(ws));
  }

  @Put(recordParam('workspace'))
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
  async delete(@Param('ws') name: string, @QueryFlag('recurse') recurse: boolean, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.connector.releaseAll(await this.workspaces.delete(name, recurse, ifMatch));
    return new Done();
  }

  /** Coverage, WMS and WMTS stores are not kept by this catalog: their lists exist and are empty. */
  @Get(':ws/coveragestores')
  coverageStores(@Param('ws') name: string): Promise<RepDocument> {
    return this.emptyStoreList(name, 'coverageStores');
  }

  @Get(':ws/wmsstores')
  wmsStores(@Param('ws') name: string): Promise<RepDocument> {
    return this.emptyStoreList(name, 'wmsStores');
  }

  @Get(':ws/wmtsstores')
  wmtsStores(@Param('ws') name: string): Promise<RepDocument> {
    return this.emptyStoreList(name, 'wmtsStores');
  }

  private async emptyStoreList(workspace: string, root: string): Promise<RepDocument> {
    await this.workspaces.get(workspace);
    return doc(root, list(root.slice(0, -1), []));
  }
}
