import { Controller, Get, Param, Query } from '@nestjs/common';
import { collectionRoutes, LayerGroup, recordParam } from '@geocatalog/catalog-model';
import { Delete, Post, Put } from '../../rest/write-routes';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, ReadsPublished, RequestBody } from '../../rest/rest-params';
import type { PublishedReads } from '../../rest/rest-request';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, Tagged } from '../../rest/rest-response';
import { StreamedList } from '../../rest/streamed-list';
import { streamedList } from '../list-pages';
import { deleteAnswer } from '../delete-answer';
import { LAYER_GROUP_LIST, layerGroupDocument, layerGroupListItem, layerGroupTag, segments } from './layergroup.mapper';
import { LayerGroupService } from './layergroup.service';
import { DeclaredRoute, Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../../openapi/operation-parts';
import { LAYER_GROUP_EXAMPLES } from '../../openapi/layergroup-examples';

/** The operation of a route in a workspace is the global one's `…InWorkspace`. */
const inWorkspace = (route: DeclaredRoute) => route.params.includes('ws');
const scoped = (route: DeclaredRoute, id: string) => (inWorkspace(route) ? `${id}InWorkspace` : id);
const which = (route: DeclaredRoute) => (inWorkspace(route) ? 'layer groups of a workspace' : 'global layer groups');

/** `/rest/layergroups` (global groups) and `/rest/workspaces/{ws}/layergroups`. */
@Controller(collectionRoutes('layerGroup'))
@OperationTag('layergroups')
export class LayerGroupController {
  constructor(private readonly groups: LayerGroupService) {}

  @Get()
  @Operation((route) => ({
    operationId: scoped(route, 'listLayerGroups'),
    summary: `List the ${which(route)}`,
    success: ok('LayerGroupList'),
    throws: inWorkspace(route) ? ['NOT_FOUND'] : [],
  }))
  async list(@Param('ws') ws: string | undefined, @Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(LAYER_GROUP_LIST, await this.groups.list(ws), (g) => layerGroupListItem(g, ws ?? null, links));
  }

  @Get(recordParam('layerGroup'))
  @Operation((route) => ({
    operationId: scoped(route, 'getLayerGroup'),
    summary: 'Read a layer group: its members, their styles and its bounds',
    success: ok('LayerGroup'),
    throws: ['NOT_FOUND'],
  }))
  async get(
    @Param('ws') ws: string | undefined,
    @Param('group') name: string,
    @Links() links: LinkBuilder,
    @ReadsPublished() reads: PublishedReads | undefined,
  ): Promise<Tagged> {
    const located = await this.groups.get(ws, name);
    // A member the caller may not read is not shown, nor counted in the bounds (contract §12).
    const shown = reads ? await this.groups.visibleTo(located, reads) : located;
    return new Tagged(layerGroupDocument(shown.group, shown.workspace, shown.members, links), layerGroupTag(located));
  }

  /** A group; its workspace is the path's, else the body's; `?name=` names a body without a name. */
  @Post()
  @Operation((route) => ({
    operationId: scoped(route, 'createLayerGroup'),
    summary: `Create a layer group among the ${which(route)}`,
    description:
      'Members are layers and other groups (400 naming the cycle when a group would contain itself); a workspace group may not share a layer’s qualified name (409).',
    query: ['name'],
    body: catalogBody('LayerGroupBody', LAYER_GROUP_EXAMPLES.create),
    success: CREATED,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  }))
  async create(
    @Param('ws') ws: string | undefined,
    @RequestBody() body: RawBody,
    @Query('name') name: string | undefined,
    @Links() links: LinkBuilder,
    @ReadsPublished() reads: PublishedReads | undefined,
  ): Promise<Created> {
    const { group, workspace } = await this.groups.create(ws, readBody(body, LayerGroup), name || undefined, reads);
    return new Created(links.url(...segments('layerGroup', { workspace, name: group.name })), group.name);
  }

  @Put(recordParam('layerGroup'))
  @Operation((route) => ({
    operationId: scoped(route, 'updateLayerGroup'),
    summary: 'Change a layer group (partial merge; members and styles sent replace the stored ones)',
    body: catalogBody('LayerGroupBody', LAYER_GROUP_EXAMPLES.update),
    success: DONE,
    throws: ['NOT_FOUND'],
  }))
  async update(
    @Param('ws') ws: string | undefined,
    @Param('group') name: string,
    @RequestBody() body: RawBody,
    @IfMatch() ifMatch: string | undefined,
    @ReadsPublished() reads: PublishedReads | undefined,
  ): Promise<Done> {
    await this.groups.update(ws, name, readBody(body, LayerGroup), ifMatch, reads);
    return new Done();
  }

  /** With `recurse`, a group other groups hold leaves them; the answer names the groups that left empty were deleted. */
  @Delete(recordParam('layerGroup'))
  @Operation((route) => ({
    operationId: scoped(route, 'deleteLayerGroup'),
    summary: 'Delete a layer group (held by other groups: `?recurse=true`, it leaves them, and a group left empty is deleted and named in the answer)',
    query: ['recurse'],
    success: DONE,
    throws: ['NOT_FOUND'],
  }))
  async delete(
    @Param('ws') ws: string | undefined,
    @Param('group') name: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
    @ReadsPublished() reads: PublishedReads | undefined,
  ) {
    return deleteAnswer(await this.groups.delete(ws, name, recurse, ifMatch, reads));
  }
}
