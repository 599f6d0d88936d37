import { Controller, Get, Inject, Logger, Param, Req } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { ReadAccess } from '../access/read-access';
import { readAnswerHeaders } from '../access/read-cors';
import { ReadPath } from '../auth/roles.decorator';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AUTH_REALM, STATUS_OF } from '../rest/error-response';
import { requestBase } from '../rest/rest-request';
import { RawContent, Tagged } from '../rest/rest-response';
import { exceptionImage } from './exception-image';
import { requestExceptions, requestVersion } from './getmap-params';
import { WmsCatalog } from './wms-catalog';
import { WmsException, WmsVersion } from './wms-exception';
import { EXCEPTION_MEDIA, exceptionReport } from './wms-exception-report';
import { WmsParams } from './wms-params';
import { wmsMethod } from './wms-access';
import { WmsScope, WmsService } from './wms.service';

/** Path segments that are the server's own routes, never a workspace's virtual service. */
export const FIXED_ROUTES = new Set(['rest', 'web', 'ogc', 'wms', 'ows', 'health', 'auth', 'schemas']);

/** Operations GeoServer's WMS has that this one does not answer yet. */
const NOT_YET = new Set(['describelayer', 'getstyles', 'putstyles']);

/**
 * The WMS (contract §10) at `{base}/wms`, `{base}/ows?service=WMS` and the virtual services
 * `{base}/{workspace}/wms|ows`. A read path (contract §12): Basic credentials, the console
 * session, or none (the anonymous caller); the data rules decide what each caller reads
 * (`wms-access.ts`). Every problem with a request is a ServiceExceptionReport with status 200, as
 * WMS clients expect (or the image EXCEPTIONS asks for); a store that fails is the same report with
 * the store's 5xx status, a challenge (service rule, CHALLENGE mode) with 401/403.
 */
@ReadPath()
@Controller()
export class WmsController {
  private readonly logger = new Logger('WMS');

  constructor(
    private readonly wms: WmsService,
    private readonly catalog: WmsCatalog,
    private readonly access: ReadAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('wms')
  wmsEndpoint(@Req() req: Request): Promise<RawContent | Tagged> {
    return this.answer(req, null, false);
  }

  @Get('ows')
  owsEndpoint(@Req() req: Request): Promise<RawContent | Tagged> {
    return this.answer(req, null, true);
  }

  @Get(':workspace/wms')
  async virtualWms(@Req() req: Request, @Param('workspace') workspace: string): Promise<RawContent | Tagged> {
    await this.checkWorkspace(req, workspace);
    return this.answer(req, workspace, false);
  }

  @Get(':workspace/ows')
  async virtualOws(@Req() req: Request, @Param('workspace') workspace: string): Promise<RawContent | Tagged> {
    await this.checkWorkspace(req, workspace);
    return this.answer(req, workspace, true);
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * A fixed route's name, or a workspace that does not exist, has no virtual service: 404. Nor has
   * one whose caller reads nothing in it (contract §12): the same 404 in HIDE mode, so that the
   * answer tells no hidden workspace's name; 401/403 in CHALLENGE and MIXED.
   */
  private async checkWorkspace(req: Request, workspace: string): Promise<void> {
    const missing = () => new CatalogError('NOT_FOUND', `No such resource: ${req.path}`);
    if (FIXED_ROUTES.has(workspace) || !(await this.catalog.workspaceExists(workspace))) throw missing();
    const names = async () => {
      const [layers, groups] = await Promise.all([this.catalog.advertisedLayers(workspace), this.catalog.groups(workspace)]);
      return [...layers, ...groups].map((p) => p.name);
    };
    const { sees, refusal } = await this.access.seesWorkspace(req, workspace, names);
    if (sees) return;
    const refused = refusal();
    throw refused.code === 'NOT_FOUND' ? missing() : refused;
  }

  private async answer(req: Request, workspace: string | null, ows: boolean): Promise<RawContent | Tagged> {
    const params = WmsParams.fromUrl(req.originalUrl);
    const scope: WmsScope = { workspace, base: requestBase(req, this.config.contextPath, this.config.trustProxy) };
    const operation = (params.nonEmpty('request') ?? '').toLowerCase();
    const version = requestVersion(params, operation === 'getmap' || operation === 'map' || operation === 'getfeatureinfo' ? '1.1.1' : '1.3.0');
    try {
      const service = params.nonEmpty('service');
      if (ows && !service) throw new WmsException('Could not determine the service: add SERVICE=WMS', 'MissingParameterValue', 'service');
      if (service && service.toUpperCase() !== 'WMS')
        throw new WmsException(`No service: ${service} (this endpoint serves WMS)`, 'InvalidParameterValue', 'service');
      if (!operation)
        throw new WmsException('Could not determine the request: add REQUEST=GetCapabilities or REQUEST=GetMap', 'MissingParameterValue', 'request');
      // The service rule of the operation, then the data rules of what it names (contract §12).
      scope.access = await this.access.scope(req, 'wms', wmsMethod(operation));
      if (operation === 'getcapabilities' || operation === 'capabilities') {
        const text = await this.wms.capabilities(version, scope);
        const type = version === '1.3.0' ? 'text/xml' : 'application/vnd.ogc.wms_xml';
        return this.answered(req, scope, new RawContent(`${type}; charset=UTF-8`, Buffer.from(text, 'utf8')));
      }
      if (operation === 'getmap' || operation === 'map') {
        const image = await this.wms.getMap(params, scope);
        return this.answered(req, scope, new RawContent(image.contentType, image.body));
      }
      if (operation === 'getfeatureinfo') {
        const info = await this.wms.featureInfo(params, scope);
        return this.answered(req, scope, new RawContent(info.contentType, Buffer.from(info.body, 'utf8')));
      }
      if (operation === 'getlegendgraphic') {
        const legend = await this.wms.legendGraphic(params, scope);
        return this.answered(req, scope, new RawContent(legend.contentType, legend.body));
      }
      if (NOT_YET.has(operation)) throw new WmsException(`${params.get('request')} is not supported by this server yet`, 'OperationNotSupported', 'request');
      throw new WmsException(`No such operation: WMS ${params.get('request')}`, 'OperationNotSupported', 'request');
    } catch (err) {
      return this.failure(req, params, version, scope, operation, err);
    }
  }

  /**
   * A successful answer with its caching headers — public only for an anonymous caller, whose
   * answer holds nothing but what anonymous callers may read — and a strong ETag of its bytes.
   */
  private answered(req: Request, scope: WmsScope, content: RawContent): Tagged {
    readAnswerHeaders(req.res!, scope.access?.publicList ?? false);
    return new Tagged(content, `"${createHash('sha1').update(content.body).digest('base64url')}"`);
  }

  /** The answer to a failure, in the form the request asked for. */
  private async failure(req: Request, params: WmsParams, version: WmsVersion, scope: WmsScope, operation: string, err: unknown): Promise<RawContent> {
    let error: WmsException;
    let status = 200;
    if (err instanceof WmsException) error = err;
    else if (err instanceof CatalogError) {
      const code = STATUS_OF[err.code];
      // A store that failed is no fault of the client: its 5xx stays, in the WMS's own document;
      // so does a challenge (a service rule, or CHALLENGE mode): credentials may open it.
      if (code >= 500 || code === 401 || code === 403) status = code;
      // A value the request gave that the data cannot take (a filter the database cannot
      // evaluate, a CRS it does not know) is the client's: GeoServer's InvalidParameterValue.
      error = new WmsException(err.message, err.code === 'INVALID_VALUE' ? 'InvalidParameterValue' : undefined);
    } else {
      this.logger.error(`${req.method} ${req.originalUrl}: ${(err as Error)?.stack ?? String(err)}`);
      status = 500;
      error = new WmsException('Internal error; the server log has the details');
    }
    const form = requestExceptions(params);
    if (status === 200 && (operation === 'getmap' || operation === 'map') && form !== 'xml') {
      try {
        const image = await exceptionImage(this.wms.renderer, params, form === 'inimage' ? error.message : null);
        return new RawContent(image.contentType, image.body);
      } catch (drawErr) {
        this.logger.warn(`EXCEPTIONS=${form} could not be drawn (${(drawErr as Error).message}); answering XML`);
      }
    }
    const schemas = `${scope.base}/schemas`;
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': `Basic realm="${AUTH_REALM}"` } : {};
    return new RawContent(`${EXCEPTION_MEDIA[version]}; charset=UTF-8`, Buffer.from(exceptionReport(version, error, schemas), 'utf8'), { status, headers });
  }
}
