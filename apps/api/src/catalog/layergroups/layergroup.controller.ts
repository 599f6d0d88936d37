import { Controller, Get, Param, Query } from '@nestjs/common';
import { LayerGroup } from '@geocatalog/catalog-model';
import { Delete, Post, Put } from '../../rest/write-routes';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody } from '../../rest/rest-params';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, Tagged } from '../../rest/rest-response';
import { StreamedList } from '../../rest/streamed-list';
import { streamedList } from '../list-pages';
import { deleteAnswer } from '../delete-answer';
import { LAYER_GROUP_LIST, layerGroupDocument, layerGroupListItem, layerGroupTag, segments } from './layergroup.mapper';
import { LayerGroupService } from './layergroup.service';

/** `/rest/layergroups` (global groups) and `/rest/workspaces/{ws}/layergroups`. */
@Controller(['rest/layergroups', 'rest/workspaces/:ws/layergroups'])
export class LayerGroupController {
  constructor(private readonly groups: LayerGroupService) {}

  @Get()
  async list(@Param('ws') ws: string | undefined, @Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(LAYER_GROUP_LIST, await this.groups.list(ws), (g) => layerGroupListItem(g, ws ?? null, links));
  }

  @Get(':group')
  async get(@Param('ws') ws: string | undefined, @Param('group') name: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const located = await this.groups.get(ws, name);
    return new Tagged(layerGroupDocument(located.group, located.workspace, located.members, links), layerGroupTag(located));
  }

  /** A group; its workspace is the path's, else the body's; `?name=` names a body without a name. */
  @Post()
  async create(
    @Param('ws') ws: string | undefined,
    @RequestBody() body: RawBody,
    @Query('name') name: string | undefined,
    @Links() links: LinkBuilder,
  ): Promise<Created> {
    const { group, workspace } = await this.groups.create(ws, readBody(body, LayerGroup), name || undefined);
    return new Created(links.url(...segments('layerGroup', { workspace, name: group.name })), group.name);
  }

  @Put(':group')
  async update(
    @Param('ws') ws: string | undefined,
    @Param('group') name: string,
    @RequestBody() body: RawBody,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    await this.groups.update(ws, name, readBody(body, LayerGroup), ifMatch);
    return new Done();
  }

  /** With `recurse`, a group other groups hold leaves them; the answer names the groups that left empty were deleted. */
  @Delete(':group')
  async delete(
    @Param('ws') ws: string | undefined,
    @Param('group') name: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
  ) {
    return deleteAnswer(await this.groups.delete(ws, name, recurse, ifMatch));
  }
}
