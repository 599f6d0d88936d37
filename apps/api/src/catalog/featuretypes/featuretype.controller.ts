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
import { DeclaredRoute, Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../../openapi/operation-parts';
import { EXAMPLES } from '../../openapi/examples';

const LIST_MODES = ['configured', 'available', 'available_with_geom', 'all'] as const;
const RECALCULATIONS: Recalculation[] = ['nativebbox', 'latlonbbox', 'attributes'];
/** `/workspaces/{workspace}/featuretypes/{name}`: a feature type created through its workspace's default store. */
const WORKSPACE_FORM = RECORD_KINDS.featureType.aliases![0];

/** The operation of a route under a workspace (its default store) is the store one's `…InWorkspace`. */
const inWorkspace = (route: DeclaredRoute) => !route.params.includes('ds');
const scoped = (route: DeclaredRoute, id: string) => (inWorkspace(route) ? `${id}InWorkspace` : id);
const where = (route: DeclaredRoute) => (inWorkspace(route) ? 'of the workspace’s default (first) data store' : 'of a data store');

/** Feature types under a data store, or under a workspace (its default store). */
@Controller(collectionRoutes('featureType'))
@OperationTag('featuretypes')
export class FeatureTypeController {
  constructor(private readonly featureTypes: FeatureTypeService) {}

  /** `?list=configured` (default): the catalog's; `available`, `available_with_geom`, `all`: the store's tables. */
  @Get()
  @Operation((route) => ({
    operationId: scoped(route, 'listFeatureTypes'),
    summary: `List the feature types ${where(route)}, or the tables it could publish`,
    description: 'With `?list=available|available_with_geom|all` the answer is a TableNameList (the store is connected to).',
    query: ['list'],
    success: ok('FeatureTypeList'),
    throws: ['INVALID_VALUE', 'NOT_FOUND', 'STORE_UNAVAILABLE'],
  }))
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
  @Operation((route) => ({
    operationId: scoped(route, 'createFeatureType'),
    summary: `Publish a table ${where(route)} as a feature type, with its layer`,
    description:
      'Reads the table: attributes, native CRS, bounding boxes (unless sent). Creates the layer `ws:name` with a default style by geometry (`point`, `line`, `polygon`, `generic`). 404 names the missing table. The table is read before the catalog transaction opens; 409 when the data store changed meanwhile (nothing written).',
    body: catalogBody('FeatureTypeBody', EXAMPLES.featureTypeCreate),
    success: CREATED,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS', 'CONFLICT', 'STORE_UNAVAILABLE'],
  }))
  async create(@Param('ws') ws: string, @Param('ds') ds: string | undefined, @RequestBody() body: RawBody, @Links() links: LinkBuilder): Promise<Created> {
    const { featureType, ctx } = await this.featureTypes.create(ws, ds, readBody(body, FeatureType));
    const path = ds === undefined ? recordSegments('featureType', { ...ctx, name: featureType.name }, WORKSPACE_FORM) : featureTypePath(ctx, featureType.name);
    return new Created(links.url(...path), featureType.name);
  }

  @Get(recordParam('featureType'))
  @Operation((route) => ({
    operationId: scoped(route, 'getFeatureType'),
    summary: 'Read a feature type; its attributes are read live from the table',
    success: ok('FeatureType'),
    throws: ['NOT_FOUND', 'STORE_UNAVAILABLE'],
  }))
  async get(@Param('ws') ws: string, @Param('ds') ds: string | undefined, @Param('ft') ft: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const located = await this.featureTypes.get(ws, ds, ft);
    const document = featureTypeDocument(located.featureType, located.ctx, await this.featureTypes.liveAttributes(located), links);
    return new Tagged(document, featureTypeTag(located));
  }

  /** Partial update; `?recalculate=nativebbox,latlonbbox,attributes` recomputes from the data (empty: nothing). */
  @Put(recordParam('featureType'))
  @Operation((route) => ({
    operationId: scoped(route, 'updateFeatureType'),
    summary: 'Change a feature type (partial merge; a new name renames it and its layer)',
    description:
      'What the change needs from the table (a CRS definition, bounds, attributes) is read before the catalog transaction opens; 409 when the feature type or its data store changed meanwhile (nothing written).',
    query: ['recalculate'],
    body: catalogBody('FeatureTypeBody', EXAMPLES.featureTypeUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS', 'CONFLICT', 'STORE_UNAVAILABLE'],
  }))
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
  @Operation((route) => ({
    operationId: scoped(route, 'deleteFeatureType'),
    summary: 'Delete a feature type (with its layer: `?recurse=true`)',
    query: ['recurse'],
    success: DONE,
    throws: ['NOT_FOUND'],
  }))
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
