import { Controller, Get, Param } from '@nestjs/common';
import { Contact, GlobalSettings, Settings } from '@geocatalog/catalog-model';
import { Delete, Post, Put } from '../rest/write-routes';
import { readBody } from '../rest/catalog-body';
import { IfMatch, Links, RawBody, RequestBody } from '../rest/rest-params';
import { LinkBuilder } from '../rest/rest-request';
import { Created, Done, Tagged } from '../rest/rest-response';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { catalogBody, CREATED, DONE, ok } from '../openapi/operation-parts';
import { SETTINGS_EXAMPLES } from '../openapi/settings-examples';
import { contactDocument, globalDocument, settingsTag, workspaceSettingsDocument } from './settings.mapper';
import { SettingsService } from './settings.service';

/** `/rest/settings` (the server's settings and contact) and `/rest/workspaces/{ws}/settings`. */
@Controller('rest')
@OperationTag('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('settings')
  @Operation({ operationId: 'getSettings', summary: 'Read the server’s settings (contact, proxyBaseUrl, …)', success: ok('GlobalSettings') })
  async getGlobal(): Promise<Tagged> {
    const row = await this.settings.global();
    return new Tagged(globalDocument(row, await this.settings.updateSequence()), settingsTag(row));
  }

  @Put('settings')
  @Operation({
    operationId: 'updateSettings',
    summary: 'Change the server’s settings (partial merge; an empty proxyBaseUrl clears it)',
    description: 'Every link the api writes starts with `proxyBaseUrl` when it is set (GeoServer’s proxy base URL: scheme, host and context path).',
    body: catalogBody('GlobalSettingsBody', SETTINGS_EXAMPLES.global),
    success: DONE,
  })
  async updateGlobal(@RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.settings.updateGlobal(readBody(body, GlobalSettings), ifMatch);
    return new Done();
  }

  @Get('settings/contact')
  @Operation({ operationId: 'getContact', summary: 'Read the server’s contact', success: ok('Contact') })
  async getContact(): Promise<Tagged> {
    const row = await this.settings.global();
    return new Tagged(contactDocument(row), settingsTag(row));
  }

  @Put('settings/contact')
  @Operation({
    operationId: 'updateContact',
    summary: 'Change the server’s contact (the fields sent replace the stored ones)',
    body: catalogBody('ContactBody', SETTINGS_EXAMPLES.contact),
    success: DONE,
  })
  async updateContact(@RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.settings.updateContact(readBody(body, Contact), ifMatch);
    return new Done();
  }

  @Get('workspaces/:ws/settings')
  @Operation({ operationId: 'getWorkspaceSettings', summary: 'Read a workspace’s own settings', success: ok('WorkspaceSettings'), throws: ['NOT_FOUND'] })
  async getWorkspace(@Param('ws') ws: string): Promise<Tagged> {
    const { row, workspace } = await this.settings.ofWorkspace(ws);
    return new Tagged(workspaceSettingsDocument(row, workspace!.name), settingsTag(row, workspace?.version));
  }

  @Post('workspaces/:ws/settings')
  @Operation({
    operationId: 'createWorkspaceSettings',
    summary: 'Give a workspace settings of its own',
    body: catalogBody('WorkspaceSettingsBody', SETTINGS_EXAMPLES.workspace),
    success: CREATED,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  })
  async createWorkspace(@Param('ws') ws: string, @RequestBody() body: RawBody, @Links() links: LinkBuilder): Promise<Created> {
    await this.settings.putWorkspace(ws, readBody(body, Settings), 'create');
    return new Created(links.url('workspaces', ws, 'settings'), 'settings');
  }

  @Put('workspaces/:ws/settings')
  @Operation({
    operationId: 'updateWorkspaceSettings',
    summary: 'Change a workspace’s settings (partial merge; created when it has none)',
    body: catalogBody('WorkspaceSettingsBody', SETTINGS_EXAMPLES.workspace),
    success: DONE,
    throws: ['NOT_FOUND'],
  })
  async updateWorkspace(@Param('ws') ws: string, @RequestBody() body: RawBody, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.settings.putWorkspace(ws, readBody(body, Settings), 'put', ifMatch);
    return new Done();
  }

  @Delete('workspaces/:ws/settings')
  @Operation({
    operationId: 'deleteWorkspaceSettings',
    summary: 'Delete a workspace’s own settings (it then uses the server’s)',
    success: DONE,
    throws: ['NOT_FOUND'],
  })
  async deleteWorkspace(@Param('ws') ws: string, @IfMatch() ifMatch: string | undefined): Promise<Done> {
    await this.settings.deleteWorkspace(ws, ifMatch);
    return new Done();
  }
}
