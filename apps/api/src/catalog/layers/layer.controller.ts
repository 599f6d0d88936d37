import { Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { CatalogError, collectionRoutes, Layer, recordRoutes, referenceFrom, RepDocument, splitQualified } from '@geocatalog/catalog-model';
import { readBody, readCatalogBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody, ReadsPublished } from '../../rest/rest-params';
import type { PublishedReads } from '../../rest/rest-request';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, RawContent, Tagged } from '../../rest/rest-response';
import { deleteAnswer } from '../delete-answer';
import { stylePath } from '../styles/style.mapper';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { LAYER_LIST, layerDocument, layerListItem, layerStyleList, layerTag } from './layer.mapper';
import { LayerService } from './layer.service';
import { DeclaredRoute, Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../../openapi/operation-parts';
import { EXAMPLES } from '../../openapi/examples';

/** The operation of a route in a workspace (a bare layer name) is the global one's `…InWorkspace`. */
const inWorkspace = (route: DeclaredRoute) => route.params.includes('ws');
const scoped = (route: DeclaredRoute, id: string) => (inWorkspace(route) ? `${id}InWorkspace` : id);
const examples = (route: DeclaredRoute) => (inWorkspace(route) ? { layer: 'roads' } : undefined);

/** `rest/workspaces/:ws/layers/:layer` and `rest/layers/:layer` (the name `ws:layer`). */
const [WORKSPACE_RECORD, QUALIFIED_RECORD] = recordRoutes('layer');
const [WORKSPACE_LIST, QUALIFIED_LIST] = collectionRoutes('layer');

/** `/rest/layers` (names `ws:layer`) and `/rest/workspaces/{ws}/layers` (bare names). */
@Controller()
@OperationTag('layers')
export class LayerController {
  constructor(private readonly layers: LayerService) {}

  @Get(QUALIFIED_LIST)
  @Operation({ operationId: 'listLayers', summary: 'List every layer (`ws:name`)', success: ok('LayerList') })
  async list(@Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(LAYER_LIST, await this.layers.list(), (l) => layerListItem(l, undefined, links));
  }

  @Get(WORKSPACE_LIST)
  @Operation({
    operationId: 'listLayersInWorkspace',
    summary: 'List the layers of a workspace (bare names; an unknown workspace lists nothing, as in GeoServer)',
    success: ok('LayerList'),
  })
  async listInWorkspace(@Param('ws') ws: string, @Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(LAYER_LIST, await this.layers.list(ws), (l) => layerListItem(l, ws, links));
  }

  @Get([WORKSPACE_RECORD, QUALIFIED_RECORD])
  @Operation((route) => ({
    operationId: scoped(route, 'getLayer'),
    summary: 'Read a layer',
    success: ok('Layer'),
    throws: ['NOT_FOUND'],
    examples: examples(route),
  }))
  async get(@Param('ws') ws: string | undefined, @Param('layer') layer: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const located = await this.layers.get(qualify(ws, layer));
    return new Tagged(layerDocument(located, links), layerTag(located));
  }

  @Put([WORKSPACE_RECORD, QUALIFIED_RECORD])
  @Operation((route) => ({
    operationId: scoped(route, 'updateLayer'),
    summary: 'Change a layer (partial merge): default style, alternate styles, flags, attribution; a new name renames its feature type',
    body: catalogBody('LayerBody', EXAMPLES.layerUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
    examples: examples(route),
  }))
  async update(
    @Param('ws') ws: string | undefined,
    @Param('layer') layer: string,
    @RequestBody() body: RawBody,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    await this.layers.update(qualify(ws, layer), readBody(body, Layer), ifMatch);
    return new Done();
  }

  @Delete([WORKSPACE_RECORD, QUALIFIED_RECORD])
  @Operation((route) => ({
    operationId: scoped(route, 'deleteLayer'),
    summary: 'Delete a layer (`?recurse=true` deletes its feature type too)',
    query: ['recurse'],
    success: DONE,
    throws: ['NOT_FOUND'],
    examples: examples(route),
  }))
  async delete(
    @Param('ws') ws: string | undefined,
    @Param('layer') layer: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
    @ReadsPublished() reads: PublishedReads | undefined,
  ): Promise<Done | RawContent> {
    return deleteAnswer(await this.layers.delete(qualify(ws, layer), recurse, ifMatch, reads));
  }

  @Get(`${QUALIFIED_RECORD}/styles`)
  @Operation({ operationId: 'listLayerStyles', summary: 'List a layer’s alternate styles', success: ok('LayerStyleList'), throws: ['NOT_FOUND'] })
  async styles(@Param('layer') layer: string, @Links() links: LinkBuilder): Promise<RepDocument> {
    return layerStyleList(await this.layers.get(layer), links);
  }

  /** Adds an existing style to the layer (`?default=true` also makes it the default). */
  @Post(`${QUALIFIED_RECORD}/styles`)
  @Operation({
    operationId: 'addLayerStyle',
    summary: 'Add an existing style to a layer’s alternate styles (`?default=true`: and make it the default)',
    description: 'The body names the style (`<style><name>…</name><workspace>…</workspace></style>`, or the whole style record as read), or `?name=` does.',
    query: ['default', 'name'],
    body: catalogBody('StyleBody', EXAMPLES.layerStyle),
    success: CREATED,
    throws: ['NOT_FOUND'],
  })
  async addStyle(
    @Param('layer') layer: string,
    @RequestBody() body: RawBody,
    @QueryFlag('default') makeDefault: boolean,
    @Query('name') nameParam: string | undefined,
    @Links() links: LinkBuilder,
  ): Promise<Created> {
    const ref = nameParam ? { name: nameParam } : referenceFrom({ name: 'root', attrs: {}, children: [readCatalogBody(body, 'style')] }, 'style');
    if (!ref) throw new CatalogError('MISSING_FIELD', 'The style has no name; it is required');
    const style = splitQualified(ref);
    await this.layers.addStyle(layer, style, makeDefault);
    return new Created(links.url(...stylePath(style, style.workspace)), style.name);
  }
}

function qualify(ws: string | undefined, layer: string): string {
  return ws === undefined ? layer : `${ws}:${layer}`;
}
