import { Controller } from '@nestjs/common';
import { Post } from '../../rest/write-routes';
import { readBody } from '../../rest/catalog-body';
import { RequestBody, RawBody } from '../../rest/rest-params';
import { DataStore, doc, obj, RepDocument } from '@geocatalog/catalog-model';
import { DataStoreService } from './datastore.service';
import { Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogBody, ok } from '../../openapi/operation-parts';
import { EXAMPLES } from '../../openapi/examples';

/**
 * `POST /rest/datastores/connection-test`: the console's "Test connection". Takes a `dataStore`
 * body as data store POST does (only its connection parameters matter), saves nothing.
 */
@Controller('rest/datastores')
@OperationTag('datastores')
export class DataStoreConnectionController {
  constructor(private readonly stores: DataStoreService) {}

  @Post('connection-test')
  @Operation({
    operationId: 'testDataStoreConnection',
    summary: 'Try a data store’s connection parameters without saving anything',
    description:
      'The body is a `dataStore` document as for creating one; only its connection parameters matter. A `crypt2:` password is accepted only when the body names a saved store (`workspace` and `name`) and keeps its host, port, database and user (otherwise 400 `password needed`); leaving the password out then uses the stored one. 200 `{"connectionTest":{"ok":true,"message":"Connected to PostgreSQL …"}}`; 400 for parameters a store could not be created with, or that point where stores may not connect (STORE_HOSTS, a link-local address, the catalog’s own database), before connecting; 502 `Data store … is unreachable` in those words whatever answered on the port (refused, silent within 10 s, another protocol), or `… refused the login: wrong user or password` once a PostgreSQL server refused the login; the driver’s reason goes to the api’s log only.',
    body: catalogBody('DataStoreBody', EXAMPLES.connectionTest),
    success: ok('ConnectionTest'),
    throws: ['STORE_UNAVAILABLE'],
  })
  async test(@RequestBody() body: RawBody): Promise<RepDocument> {
    const version = await this.stores.testConnection(readBody(body, DataStore));
    return doc(
      'connectionTest',
      obj([
        ['ok', true],
        ['message', `Connected to ${version}`],
      ]),
    );
  }
}
