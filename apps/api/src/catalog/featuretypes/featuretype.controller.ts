import { Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { CatalogError, collectionRoutes, FeatureType, RECORD_KINDS, recordParam, recordSegments } from '@geocatalog/catalog-model';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody } from '../../rest/rest-params';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, Tagged } from '../../rest/rest-response';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { FEATURE_TYPE_LIST, featureTypeDocument, featureTypeListItem, featureTypePath, featureTypeTag, TABLE_NAME_LIST } from './featuretype.mapper';
import { FeatureTypeService, Recalculation } from './featuretype.service';

const LIST_MODES = ['configured', 'available', 'available_with_geom', 'all'] as const;
const RECALCULATIONS: Recalculation[] = ['nativebbox', 'latlonbbox', 'attributes'];
/** `/workspaces/{workspace}/featuretypes/{name}`: a feature type created through its workspace's default store. */
const WORKSPACE_FORM = RECORD_KINDS.featureType.aliases![0];

/** Feature types under a data store, or under a workspace (its default store). */
@Controller(collectionRoutes('featureType'))
export class FeatureTypeController {
  constructor(private readonly featureTypes: FeatureTypeService) {}

  /** `?list=configured` (default): the catalog's; `available`, `available_with_geom`, `all`: the store's tables. */
  @Get()
  async list(
    @Param('ws') ws: string,
    @Param('ds') ds: string | undefined,
    @Query('list') mode: string | undefined,
    @Links() links: LinkBuilder,
  ): Promise<StreamedList> {
    const wanted = (mode ?? 'configured').toLowerCase();
    if (!(LIST_MODES as readonly string[]).includes(wanted)) {
      throw new CatalogError('INVALID_VALUE', `Invalid list '${mode}': use ${LIST_MODES.join(', ')}`);
    }
    if (wanted === 'configured') return streamedList(FEATURE_TYPE_LIST, await this.featureTypes.list(ws, ds), (f) => featureTypeListItem(f, links));
    // The store's tables are not the catalog's: the catalog's version alone cannot tag them.
    const tables = await this.featureTypes.tables(ws, ds, wanted as 'available' | 'available_with_geom' | 'all');
    return new StreamedList(TABLE_NAME_LIST, tables, undefined);
  }

  @Post()
  async create(@Param('ws') ws: string, @Param('ds') ds: string | undefined, @RequestBody() body: RawBody, @Links() links: LinkBuilder): Promise<Created> {
    const { featureType, ctx } = await this.featureTypes.create(ws, ds, readBody(body, FeatureType));
    const path = ds === undefined ? recordSegments('featureType', { ...ctx, name: featureType.name }, WORKSPACE_FORM) : featureTypePath(ctx, featureType.name);
    return new Created(links.url(...path), featureType.name);
  }

  @Get(recordParam('featureType'))
  async get(@Param('ws') ws: string, @Param('ds') ds: string | undefined, @Param('ft') ft: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const located = await this.featureTypes.get(ws, ds, ft);
    const document = featureTypeDocument(located.featureType, located.ctx, await this.featureTypes.liveAttributes(located), links);
    return new Tagged(document, featureTypeTag(located));
  }

  /** Partial update; `?recalculate=nativebbox,latlonbbox,attributes` recomputes from the data (empty: nothing). */
  @Put(recordParam('featureType'))
  async update(
    @Param('ws') ws: string,
    @Param('ds') ds: string | undefined,
    @Param('ft') ft: string,
    @RequestBody() body: RawBody,
    @Query('recalculate') recalculate: string | undefined,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    await this.featureTypes.update(ws, ds, ft, readBody(body, FeatureType), parseRecalculate(recalculate), ifMatch);
    return new Done();
  }

  @Delete(recordParam('featureType'))
  async delete(
    @Param('ws') ws: string,
    @Param('ds') ds: string | undefined,
    @Param('ft') ft: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    await this.featureTypes.delete(ws, ds, ft, recurse, ifMatch);
    return new Done();
  }
}

function parseRecalculate(raw: string | undefined): Recalculation[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  for (const p of parts) {
    if (!(RECALCULATIONS as string[]).includes(p)) {
      throw new CatalogError('INVALID_VALUE', `Invalid recalculate '${p}': use ${RECALCULATIONS.join(', ')}`);
    }
  }
  return parts as Recalculation[];
}
