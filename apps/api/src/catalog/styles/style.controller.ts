import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { CatalogError, collectionRoutes, recordParam, Style } from '@geocatalog/catalog-model';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody, ReadsPublished } from '../../rest/rest-params';
import type { PublishedReads } from '../../rest/rest-request';
import { LinkBuilder, negotiateFormat, RestRequest } from '../../rest/rest-request';
import { Created, Done, RawContent, Tagged } from '../../rest/rest-response';
import { checkSld, isSldType, nameInSld, sldTypeOf } from './sld-content';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { STYLE_LIST, styleDocument, styleListItem, stylePath, styleTag } from './style.mapper';
import { StyleService } from './style.service';
import { DeclaredRoute, Operation, OperationTag } from '../../openapi/operation.decorator';
import { catalogOrSldBody, CREATED, DONE, ok } from '../../openapi/operation-parts';
import { EXAMPLES } from '../../openapi/examples';

/** The operation of a route in a workspace is the global one's `…InWorkspace`. */
const inWorkspace = (route: DeclaredRoute) => route.params.includes('ws');
const scoped = (route: DeclaredRoute, id: string) => (inWorkspace(route) ? `${id}InWorkspace` : id);
const which = (route: DeclaredRoute) => (inWorkspace(route) ? 'styles of a workspace' : 'global styles');

/** `/rest/styles` (global) and `/rest/workspaces/{ws}/styles`: records and their SLD documents. */
@Controller(collectionRoutes('style'))
@OperationTag('styles')
export class StyleController {
  constructor(private readonly styles: StyleService) {}

  @Get()
  @Operation((route) => ({
    operationId: scoped(route, 'listStyles'),
    summary: `List the ${which(route)}`,
    success: ok('StyleList'),
    throws: inWorkspace(route) ? ['NOT_FOUND'] : [],
  }))
  async list(@Param('ws') ws: string | undefined, @Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(STYLE_LIST, await this.styles.list(ws), (s) => styleListItem(s, ws, links));
  }

  /** A style record (XML/JSON), or a whole SLD in one step (`?name=` or the name inside it). */
  @Post()
  @Operation((route) => ({
    operationId: scoped(route, 'createStyle'),
    summary: `Create a style among the ${which(route)}: a record (XML/JSON), or a whole SLD document in one step`,
    description:
      'An SLD body is validated (400 `Invalid style: line …, column …: …`) unless `?raw=true`; its name is `?name=`, else the name of its first UserStyle (or NamedLayer).',
    query: ['name', 'raw'],
    body: catalogOrSldBody('StyleBody', EXAMPLES.styleCreate),
    success: CREATED,
    throws: inWorkspace(route) ? ['ALREADY_EXISTS', 'NOT_FOUND'] : ['ALREADY_EXISTS'],
  }))
  async create(
    @Param('ws') ws: string | undefined,
    @RequestBody() body: RawBody,
    @Query('name') name: string | undefined,
    @QueryFlag('raw') raw: boolean,
    @Links() links: LinkBuilder,
  ): Promise<Created> {
    let style;
    if (isSldType(body.contentType)) {
      const upload = checkSld(body.bytes, body.contentType, raw);
      const styleName = name || nameInSld(body.bytes);
      if (!styleName) throw new CatalogError('MISSING_FIELD', 'The style has no name: pass ?name= or name the UserStyle');
      style = await this.styles.create(ws, { name: styleName, filename: `${styleName}.sld` }, upload);
    } else {
      style = await this.styles.create(ws, readBody(body, Style));
    }
    return new Created(links.url(...stylePath(style, ws)), style.name);
  }

  /** The record, or the SLD document itself with `.sld`, `?format=sld` or an SLD `Accept`. */
  @Get(recordParam('style'))
  @Operation((route) => ({
    operationId: scoped(route, 'getStyle'),
    summary: 'Read a style record, or its SLD document (`.sld`, `?format=sld` or an SLD `Accept`), byte for byte',
    success: { status: 200, schema: 'Style', sld: true },
    throws: ['NOT_FOUND'],
  }))
  async get(@Param('ws') ws: string | undefined, @Param('style') name: string, @Req() req: RestRequest): Promise<Tagged> {
    if (negotiateFormat(req) === 'sld') {
      const { style, bytes } = await this.styles.content(ws, name);
      return new Tagged(new RawContent(sldTypeOf(style.languageVersion), bytes), styleTag(style));
    }
    const { style, workspace } = await this.styles.get(ws, name);
    return new Tagged(styleDocument(style, workspace), styleTag(style));
  }

  /** New SLD content (validated unless `?raw=true`), or changes to the record (XML/JSON `<style>`). */
  @Put(recordParam('style'))
  @Operation((route) => ({
    operationId: scoped(route, 'updateStyle'),
    summary: 'Upload the style’s SLD document, or change its record (partial merge; renames allowed but for the default styles)',
    query: ['raw'],
    body: catalogOrSldBody('StyleBody', EXAMPLES.styleUpdate),
    success: DONE,
    throws: ['NOT_FOUND', 'ALREADY_EXISTS'],
  }))
  async update(
    @Param('ws') ws: string | undefined,
    @Param('style') name: string,
    @RequestBody() body: RawBody,
    @QueryFlag('raw') raw: boolean,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    // The declared Content-Type alone decides how the body is read (contract §6): never sniffed.
    if (isSldType(body.contentType)) {
      await this.styles.get(ws, name);
      await this.styles.upload(ws, name, checkSld(body.bytes, body.contentType, raw), ifMatch);
    } else {
      await this.styles.update(ws, name, readBody(body, Style), ifMatch);
    }
    return new Done();
  }

  @Delete(recordParam('style'))
  @Operation((route) => ({
    operationId: scoped(route, 'deleteStyle'),
    summary: 'Delete a style (used by layers: `?recurse=true`, they fall back to their geometry’s default style)',
    query: ['recurse', 'purge'],
    success: DONE,
    throws: ['NOT_FOUND'],
  }))
  async delete(
    @Param('ws') ws: string | undefined,
    @Param('style') name: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
    @ReadsPublished() reads: PublishedReads | undefined,
  ): Promise<Done> {
    await this.styles.delete(ws, name, recurse, ifMatch, reads);
    return new Done();
  }
}
