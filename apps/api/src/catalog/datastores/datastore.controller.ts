import { Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody } from '../../rest/rest-params';
import { LinkBuilder } from '../../rest/rest-request';
import { Created, Done, Tagged } from '../../rest/rest-response';
import { collectionRoutes, DataStore, recordParam, recordSegments } from '@geocatalog/catalog-model';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { DATA_STORE_LIST, dataStoreDocument, dataStoreListItem, dataStoreTag } from './datastore.mapper';
import { PostgisConnector } from '../../datastores/postgis/postgis.connector';
import { DataStoreService } from './datastore.service';
import { Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../../openapi/operation-parts';
import { EXAMPLES } from '../../openapi/examples';

/** `/rest/workspaces/{ws}/datastores`. */
@Controller(collectionRoutes('dataStore'))
@OperationTag('datastores')
export class DataStoreController {
  constructor(
    private readonly stores: DataStoreService,
    private readonly connector: PostgisConnector,
  ) {}

  @Get()
  @Operation({ operationId: 'listDataStores', summary: 'List the data stores of a workspace', success: ok('DataStoreList'), throws: ['NOT_FOUND'] })
  async list(@Param('ws') ws: string, @Links() links: LinkBuilder): Promise<StreamedList> {
    const listing = await this.stores.list(ws);
    return streamedList(DATA_STORE_LIST, listing, (s) => dataStoreListItem(listing.workspace.name, s, links));
  }

  /** `?name=` (gsconfig sends it) names the store when the body does not. */
  @Post()
  @Operation({
    operationId: 'createDataStore',
    summary: 'Create a PostGIS data store (no connection is made)',
    query: ['name'],
    body: catalogBody('DataStoreBody', EXAMPLES.dataStoreCreate),
    success: CREATED,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  })
  async create(@Param('ws') ws: string, @RequestBody() body: RawBody, @Query('name') name: string | undefined, @Links() links: LinkBuilder): Promise<Created> {
    const input = readBody(body, DataStore);
    const store = await this.stores.create(ws, { ...input, name: input.name || name?.trim() || undefined });
    return new Created(links.url(...recordSegments('dataStore', { workspace: ws, name: store.name })), store.name);
  }

  @Get(recordParam('dataStore'))
  @Operation({ operationId: 'getDataStore', summary: 'Read a data store (passwords only ever as `crypt2:…`)', success: ok('DataStore'), throws: ['NOT_FOUND'] })
  async get(@Param('ws') ws: string, @Param('ds') ds: string, @Links() links: LinkBuilder): Promise<Tagged> {
    const store = await this.stores.show(ws, ds);
    return new Tagged(dataStoreDocument(store.workspace.name, store, links), dataStoreTag(store));
  }

  @Put(recordParam('dataStore'))
  @Operation({
    operationId: 'updateDataStore',
    summary: 'Change a data store (partial merge; renames and moves allowed)',
    body: catalogBody('DataStoreBody', EXAMPLES.dataStoreUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  })
  async update(@Param('ws') ws: string, @Param('ds') ds: string, @RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.stores.update(ws, ds, readBody(body, DataStore), ifMatch);
    return new Done();
  }

  /** `?purge=` is accepted and ignored, as in GeoServer: no files belong to a PostGIS store. */
  @Delete(recordParam('dataStore'))
  @Operation({
    operationId: 'deleteDataStore',
    summary: 'Delete a data store (with feature types: `?recurse=true` deletes them and their layers)',
    query: ['recurse', 'purge'],
    success: DONE,
    throws: ['NOT_FOUND'],
  })
  async delete(
    @Param('ws') ws: string,
    @Param('ds') ds: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    await this.connector.release(await this.stores.delete(ws, ds, recurse, ifMatch));
    return new Done();
  }
}
