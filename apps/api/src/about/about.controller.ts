import { Controller, Get } from '@nestjs/common';
import { doc, list, obj, RepDocument, Scalar } from '@geocatalog/catalog-model';
import { VERSION } from './version';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { ok } from '../openapi/operation-parts';

/** `/rest/about/version`: what is running, in GeoServer's `<about><resource name=…>` shape. */
@Controller('rest/about')
@OperationTag('about')
export class AboutController {
  @Get('version')
  @Operation({
    operationId: 'getVersion',
    summary: 'What is running, and the GeoServer version whose REST API this follows',
    success: ok('About'),
  })
  version(): RepDocument {
    const resource = (name: string, fields: Array<[string, Scalar]>) => obj(fields, [['name', name]]);
    return doc(
      'about',
      list('resource', [
        resource('geocatalog', [['Version', VERSION.version]]),
        // GeoServer clients read this entry to decide which API features exist.
        resource('GeoServer', [['Version', VERSION.geoserverCompatibility]]),
      ]),
    );
  }
}
