import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { Delete, Post, Put } from '../../rest/write-routes';
import { CatalogError, collectionRoutes, recordParam, Style } from '@geocatalog/catalog-model';
import { readBody } from '../../rest/catalog-body';
import { IfMatch, Links, QueryFlag, RawBody, RequestBody } from '../../rest/rest-params';
import { LinkBuilder, negotiateFormat, RestRequest } from '../../rest/rest-request';
import { Created, Done, RawContent, Tagged } from '../../rest/rest-response';
import { checkSld, isSldType, nameInSld, sldTypeOf } from './sld-content';
import { streamedList } from '../list-pages';
import { StreamedList } from '../../rest/streamed-list';
import { STYLE_LIST, styleDocument, styleListItem, stylePath, styleTag } from './style.mapper';
import { StyleService } from './style.service';

/** `/rest/styles` (global) and `/rest/workspaces/{ws}/styles`: records and their SLD documents. */
@Controller(collectionRoutes('style'))
export class StyleController {
  constructor(private readonly styles: StyleService) {}

  @Get()
  async list(@Param('ws') ws: string | undefined, @Links() links: LinkBuilder): Promise<StreamedList> {
    return streamedList(STYLE_LIST, await this.styles.list(ws), (s) => styleListItem(s, ws, links));
  }

  /** A style record (XML/JSON), or a whole SLD in one step (`?name=` or the name inside it). */
  @Post()
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
  async delete(
    @Param('ws') ws: string | undefined,
    @Param('style') name: string,
    @QueryFlag('recurse') recurse: boolean,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<Done> {
    await this.styles.delete(ws, name, recurse, ifMatch);
    return new Done();
  }
}
