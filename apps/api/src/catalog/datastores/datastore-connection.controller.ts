import { Controller } from '@nestjs/common';
import { Post } from '../../rest/write-routes';
import { readBody } from '../../rest/catalog-body';
import { RequestBody, RawBody } from '../../rest/rest-params';
import { DataStore, doc, obj, RepDocument } from '@geocatalog/catalog-model';
import { DataStoreService } from './datastore.service';

/**
 * `POST /rest/datastores/connection-test`: the console's "Test connection". Takes a `dataStore`
 * body as data store POST does (only its connection parameters matter), saves nothing.
 */
@Controller('rest/datastores')
export class DataStoreConnectionController {
  constructor(private readonly stores: DataStoreService) {}

  @Post('connection-test')
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
