import { Controller, Get } from '@nestjs/common';
import { doc, list, obj, RepDocument, Scalar } from '@geocatalog/catalog-model';
import { VERSION } from './version';

/** `/rest/about/version`: what is running, in GeoServer's `<about><resource name=…>` shape. */
@Controller('rest/about')
export class AboutController {
  @Get('version')
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
