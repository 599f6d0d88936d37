import { Controller, Get, Param, Req } from '@nestjs/common';
import { RepDocument } from '@geocatalog/catalog-model';
import { AdminOnly } from '../auth/roles.decorator';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { DONE, ok } from '../openapi/operation-parts';
import { EXAMPLES } from '../openapi/examples';
import { RawBody, RequestBody } from '../rest/rest-params';
import { negotiateFormat, type RestRequest } from '../rest/rest-request';
import { Done, RawContent } from '../rest/rest-response';
import { Delete, Post, Put } from '../rest/write-routes';
import { RuleService } from './rule.service';
import { readCatalogMode, readRuleMap, writeCatalogMode, writeRuleMap } from './rules-body';

const RULE_BODY =
  'XML `<rules><rule resource="topp.*.r">ROLE_A,ROLE_B</rule></rules>` or JSON `{"topp.*.r":"ROLE_A,ROLE_B"}`; a malformed rule is a 422 and nothing is written';

const SERVICE_RULE_BODY =
  'XML `<rules><rule resource="wms.GetMap">ROLE_A</rule></rules>` or JSON `{"wms.GetMap":"ROLE_A","features.*":"*"}`; a malformed rule is a 422 and nothing is written';

/**
 * GeoServer's data security endpoints (`AbstractAclController`, `CatalogModeController`): the
 * data rules of `layers.properties`, the service rules of `services.properties`, and the catalog
 * mode. ADMIN only.
 */
@AdminOnly()
@Controller('rest/security/acl')
@OperationTag('security')
export class AclController {
  constructor(private readonly rules: RuleService) {}

  @Get('layers')
  @Operation({ operationId: 'listDataRules', summary: 'List the data rules (`ws.layer.mode` → roles)', success: ok('RuleMap') })
  async listLayers(@Req() req: RestRequest): Promise<RepDocument | RawContent> {
    return writeRuleMap(await this.rules.list('layers'), negotiateFormat(req));
  }

  @Post('layers')
  @Operation({
    operationId: 'createDataRules',
    body: { kind: 'ruleMap', schema: 'RuleMap', example: EXAMPLES.dataRulesCreate },
    summary: 'Add data rules (409 when one exists)',
    description: RULE_BODY,
    success: DONE,
    throws: ['INVALID_RULE', 'ALREADY_EXISTS', 'MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE'],
  })
  async createLayers(@RequestBody() body: RawBody): Promise<Done> {
    await this.rules.create('layers', readRuleMap(body));
    return new Done();
  }

  @Put('layers')
  @Operation({
    operationId: 'updateDataRules',
    body: { kind: 'ruleMap', schema: 'RuleMap', example: EXAMPLES.dataRulesUpdate },
    summary: 'Change data rules’ roles (409 when one does not exist)',
    description: RULE_BODY,
    success: DONE,
    throws: ['INVALID_RULE', 'CONFLICT', 'MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE'],
  })
  async updateLayers(@RequestBody() body: RawBody): Promise<Done> {
    await this.rules.update('layers', readRuleMap(body));
    return new Done();
  }

  @Delete('layers/:rule')
  @Operation({ operationId: 'deleteDataRule', summary: 'Delete a data rule', success: DONE, throws: ['INVALID_RULE', 'NOT_FOUND'] })
  async deleteLayer(@Param('rule') rule: string): Promise<Done> {
    await this.rules.delete('layers', rule);
    return new Done();
  }

  @Get('services')
  @Operation({ operationId: 'listServiceRules', summary: 'List the service rules (`service.method` → roles)', success: ok('RuleMap') })
  async listServices(@Req() req: RestRequest): Promise<RepDocument | RawContent> {
    return writeRuleMap(await this.rules.list('services'), negotiateFormat(req));
  }

  @Post('services')
  @Operation({
    operationId: 'createServiceRules',
    body: { kind: 'ruleMap', schema: 'RuleMap', example: EXAMPLES.serviceRulesCreate },
    summary: 'Add service rules (409 when one exists)',
    description: SERVICE_RULE_BODY,
    success: DONE,
    throws: ['INVALID_RULE', 'ALREADY_EXISTS', 'MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE'],
  })
  async createServices(@RequestBody() body: RawBody): Promise<Done> {
    await this.rules.create('services', readRuleMap(body));
    return new Done();
  }

  @Put('services')
  @Operation({
    operationId: 'updateServiceRules',
    body: { kind: 'ruleMap', schema: 'RuleMap', example: EXAMPLES.serviceRulesUpdate },
    summary: 'Change service rules’ roles (409 when one does not exist)',
    description: SERVICE_RULE_BODY,
    success: DONE,
    throws: ['INVALID_RULE', 'CONFLICT', 'MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE'],
  })
  async updateServices(@RequestBody() body: RawBody): Promise<Done> {
    await this.rules.update('services', readRuleMap(body));
    return new Done();
  }

  @Delete('services/:rule')
  @Operation({
    operationId: 'deleteServiceRule',
    examples: { rule: 'wms.GetMap' },
    summary: 'Delete a service rule',
    success: DONE,
    throws: ['INVALID_RULE', 'NOT_FOUND'],
  })
  async deleteService(@Param('rule') rule: string): Promise<Done> {
    await this.rules.delete('services', rule);
    return new Done();
  }

  @Get('catalog')
  @Operation({ operationId: 'getCatalogMode', summary: 'Read the catalog mode (HIDE, CHALLENGE or MIXED)', success: ok('CatalogMode') })
  async getMode(@Req() req: RestRequest): Promise<RepDocument | RawContent> {
    return writeCatalogMode(await this.rules.mode(), negotiateFormat(req));
  }

  @Put('catalog')
  @Operation({
    operationId: 'setCatalogMode',
    body: { kind: 'ruleMap', schema: 'CatalogMode', example: EXAMPLES.catalogMode },
    summary: 'Set the catalog mode',
    description: 'XML `<catalog><mode>CHALLENGE</mode></catalog>` or JSON `{"mode":"CHALLENGE"}`; an unknown mode is a 422',
    success: DONE,
    throws: ['INVALID_RULE', 'MISSING_FIELD', 'MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE'],
  })
  async setMode(@RequestBody() body: RawBody): Promise<Done> {
    await this.rules.setMode(readCatalogMode(body));
    return new Done();
  }
}
