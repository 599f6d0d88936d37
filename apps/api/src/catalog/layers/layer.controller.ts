import { Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { CatalogError, Layer, referenceFrom, RepDocument, splitQualified } from '@geocatalog/catalog-model';
import { readBody, readCatalogBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody } from '../../rest/rest-params';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, RawContent, Tagged } from '../../rest/rest-response';
import { deleteAnswer } from '../delete-answer';
import { stylePath } from '../styles/style.mapper';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { LAYER_LIST, layerDocument, layerListItem, layerStyleList, layerTag } from './layer.mapper';
import { LayerService } from './layer.service';

/** `/rest/layers` (names `ws:layer`) and `/rest/workspaces/{ws}/layers` (bare names). */
@Controller()
export class LayerController {
  constructor(private readonly layers: LayerService) {}

  @Get('rest/layers')
  async list(@Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(LAYER_LIST, await this.layers.list(), (l) => layerListItem(l, undefined, links));
  }

  @Get('rest/workspaces/:ws/layers')
  async listInWorkspace(@Param('ws') ws: string, @Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(LAYER_LIST, await this.layers.list(ws), (l) => layerListItem(l, ws, links));
  }

  @Get(['rest/layers/:layer', 'rest/workspaces/:ws/layers/:layer'])
  async get(@Param('ws') ws: string | undefined, @Param('layer') layer: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const located = await this.layers.get(qualify(ws, layer));
    return new Tagged(layerDocument(located, links), layerTag(located));
  }

  @Put(['rest/layers/:layer', 'rest/workspaces/:ws/layers/:layer'])
  async update(
    @Param('ws') ws: string | undefined,
    @Param('layer') layer: string,
    @RequestBody() body: RawBody,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    await this.layers.update(qualify(ws, layer), readBody(body, Layer), ifMatch);
    return new Done();
  }

  @Delete(['rest/layers/:layer', 'rest/workspaces/:ws/layers/:layer'])
  async delete(
    @Param('ws') ws: string | undefined,
    @Param('layer') layer: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done | RawContent> {
    return deleteAnswer(await this.layers.delete(qualify(ws, layer), recurse, ifMatch));
  }

  @Get('rest/layers/:layer/styles')
  async styles(@Param('layer') layer: string, @Links() links: LinkBuilder): Promise<RepDocument> {
    return layerStyleList(await this.layers.get(layer), links);
  }

  /** Adds an existing style to the layer (`?default=true` also makes it the default). */
  @Post('rest/layers/:layer/styles')
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
