import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import { capabilitiesModel } from './capabilities-model';
import { capabilities111, capabilities130 } from './capabilities-xml';
import { GetMapParams, mapGeometry, parseGetMap } from './getmap-params';
import { featureInfoDocument, LayerFeatures } from './feature-info-formats';
import { parseFeatureInfo, withMapFormat } from './feature-info-params';
import { cqlFilterCondition, layerFeatures, layerRows, publishedLayer } from './map-features';
import { sourceOf } from '../ogc-features/published-layers';
import { CrsCode, MapCrs, projectedUnitFactor } from './map-crs';
import { LayerToDraw, layersToDraw } from './map-layers';
import { CatalogMemo } from './catalog-memo';
import { CompiledStyles } from './compiled-styles';
import { CompiledStyle, MAP_RENDERER, MapRenderer } from './map-renderer';
import { checkSldBody, sldForLayer } from './sld-library';
import { legendLayers, noSuchRule, rulesAtScale, rulesOf } from './legend-graphic';
import { parseLegend } from './legend-params';
import { StyleRef, WmsCatalog, WmsLayer } from './wms-catalog';
import { invalidCrs, WmsException, WmsVersion } from './wms-exception';
import type { WmsParams } from './wms-params';
import { WMS_SERVICE_METADATA, WmsServiceMetadata, WmsServiceMetadataSource } from './wms-service-metadata';
import type { ReadScope } from '../access/read-access';
import { checkNames, readableDraws } from './wms-access';

/** Where a request came in: the global service or a workspace's virtual one, and its public URLs. */
export interface WmsScope {
  /** The virtual service's workspace; null for the global service. */
  workspace: string | null;
  /** Public base URL (context path included), e.g. `https://maps.example.org/geoserver`. */
  base: string;
  /** What the caller may read (contract §12); absent: everything. */
  access?: ReadScope;
}

/** A map image. */
export interface MapImage {
  contentType: string;
  body: Buffer;
}

/** GetCapabilities and GetMap (contract §10). Exceptions are {@link WmsException}s or CatalogErrors. */
@Injectable()
export class WmsService implements OnApplicationShutdown {
  private readonly logger = new Logger('WMS');
  /** Styles compiled once per SLD text, across requests. */
  private readonly compiledStyles: CompiledStyles;
  /** What a GetMap resolved of the catalog, per catalog change number (`catalog-memo.ts`). */
  private readonly resolvedLayers = new CatalogMemo<LayerToDraw[]>();
  private readonly resolvedCrs = new CatalogMemo<MapCrs>();
  private readonly styleTexts = new CatalogMemo<string>();

  constructor(
    private readonly catalog: WmsCatalog,
    private readonly connector: PostgisConnector,
    @Inject(WMS_SERVICE_METADATA) private readonly settings: WmsServiceMetadataSource,
    @Inject(MAP_RENDERER) readonly renderer: MapRenderer,
  ) {
    this.compiledStyles = new CompiledStyles(renderer);
  }

  /** Ends the render threads after the maps they have in hand. */
  async onApplicationShutdown(): Promise<void> {
    await this.renderer.renderPool?.close();
  }

  /** The settings that apply to the scope; a disabled service is refused. */
  async metadata(scope: WmsScope, at?: string): Promise<WmsServiceMetadata> {
    const m = await this.settings.metadata(scope.workspace, at);
    if (!m.enabled) throw new WmsException('Service WMS is disabled', 'OperationNotSupported', 'service');
    return m;
  }

  async capabilities(version: WmsVersion, scope: WmsScope): Promise<string> {
    const m = await this.metadata(scope);
    const base = scope.base;
    const [advertised, groups] = await Promise.all([this.catalog.advertisedLayers(scope.workspace), this.catalog.groups(scope.workspace)]);
    // Only what the caller may read is listed (contract §12).
    const access = scope.access;
    const layers = access ? advertised.filter((l) => access.reads(l.workspace, l.name)) : advertised;
    const members = new Map(await Promise.all(groups.map(async (g) => [g.id, await this.catalog.members(g.id)] as const)));
    // Each LegendURL carries the size of the PNG it answers (GeoServer measures its legends too).
    const legendSizes = new Map<string, { width: number; height: number }>();
    for (const ref of layers.flatMap((l) => l.styles)) {
      const key = legendKey(ref);
      if (!legendSizes.has(key)) legendSizes.set(key, await this.legendSize(ref));
    }
    const model = capabilitiesModel({
      service: m,
      serviceUrl: `${base}${scope.workspace ? `/${encodeURIComponent(scope.workspace)}` : ''}/wms`,
      schemas: `${base}/schemas`,
      workspace: scope.workspace,
      layers,
      groups,
      members,
      groupListed: access && ((g) => access.reads(g.workspace, g.name)),
      legendSize: (ref) => legendSizes.get(legendKey(ref)) ?? { width: 20, height: 20 },
    });
    return version === '1.3.0' ? capabilities130(model) : capabilities111(model);
  }

  /** Reads and checks a GetMap request (no drawing). */
  async mapRequest(params: WmsParams, scope: WmsScope): Promise<MapRequest> {
    // Read first: what was resolved at this number is what the catalog holds now.
    const at = await this.catalog.changeNumber();
    const m = await this.metadata(scope, at);
    const p = parseGetMap(params, m);
    if (p.sldBody !== undefined) checkSldBody(p.sldBody);
    if (scope.access) await checkNames(this.catalog, scope.workspace, scope.access, p.layers, 'layers');
    const resolved = await this.resolvedLayers.get(JSON.stringify([scope.workspace, p.layers, p.styles]), at, () =>
      layersToDraw(this.catalog, scope.workspace, p.layers, p.styles),
    );
    const draws = readableDraws(resolved, scope.access);
    if (!draws.length) throw new WmsException(`Nothing to draw: the layer groups in LAYERS have no enabled layer`, 'LayerNotDefined', 'layers');
    const crs = await this.resolvedCrs.get(JSON.stringify([draws[0].layer.store.storeId, p.version, p.crs]), at, () =>
      this.lookUpCrs(p.version, p.crs, draws[0].layer),
    );
    return { params: p, crs, layers: draws, at, ...mapGeometry(p, crs) };
  }

  /** Draws the map. */
  async getMap(params: WmsParams, scope: WmsScope): Promise<MapImage> {
    const request = await this.mapRequest(params, scope);
    const p = request.params;
    const styles = await this.compileStyles(request);
    const [minx, , maxx] = request.bbox;
    if (!(maxx > minx)) throw new WmsException('Empty BBOX', 'InvalidParameterValue', 'bbox');
    const contentType = p.format === 'image/png8' ? 'image/png' : p.format;
    const window = { crs: request.crs, bbox: request.bbox, width: p.width };
    const pool = this.renderer.renderPool;
    if (pool) {
      // Drawn and encoded on a render thread; the rows are read here and sent as they come.
      const { body, skipped } = await pool.render(
        {
          width: p.width / request.pixelRatio,
          height: p.height / request.pixelRatio,
          bbox: request.bbox,
          scaleDenominator: request.scaleDenominator,
          pixelRatio: request.pixelRatio,
          background: p.transparent ? undefined : p.bgcolor,
          format: p.format,
          transparent: p.transparent,
          bgcolor: p.bgcolor,
          styles: styles.map((s) => s.sld),
        },
        request.layers.map((d, i) => () => layerRows(this.connector, d.layer, window, styles[i].columns, p.cqlFilter?.[d.position])),
      );
      for (const reason of new Set(skipped)) this.logger.warn(`A geometry could not be decoded: ${reason}`);
      return { contentType, body };
    }
    const canvas = this.renderer.createMapCanvas(p.width, p.height);
    // The renderer's width and height are CSS pixels, the canvas pixelRatio times as large: the
    // image keeps WIDTH × HEIGHT and `dpi` only scales symbols, as in GeoServer.
    await this.renderer.drawMap(canvas, {
      width: p.width / request.pixelRatio,
      height: p.height / request.pixelRatio,
      bbox: request.bbox,
      scaleDenominator: request.scaleDenominator,
      pixelRatio: request.pixelRatio,
      background: p.transparent ? undefined : p.bgcolor,
      layers: request.layers.map((d, i) => ({
        style: styles[i].style,
        features: layerFeatures(this.connector, d.layer, window, styles[i].columns, this.logger, p.cqlFilter?.[d.position]),
      })),
    });
    const body = await this.renderer.encodeImage(canvas, p.format, { transparent: p.transparent, bgcolor: p.bgcolor });
    return { contentType, body };
  }

  /**
   * GetFeatureInfo: the features of QUERY_LAYERS (each one of LAYERS) whose geometry meets the
   * pixel I/J grown by BUFFER pixels, at most FEATURE_COUNT per layer, read through the feature
   * API's reader (the pixel's box taken to lon/lat by PostGIS).
   */
  async featureInfo(params: WmsParams, scope: WmsScope): Promise<{ contentType: string; body: string }> {
    const request = await this.mapRequest(withMapFormat(params), scope);
    const p = request.params;
    const fi = parseFeatureInfo(params, p.version, p.width, p.height);
    if (scope.access) await checkNames(this.catalog, scope.workspace, scope.access, fi.queryLayers, 'query_layers');
    const queried = await queriedLayers(this.catalog, scope.workspace, fi.queryLayers, request.layers);
    const drawn = new Set(request.layers.map((d) => d.layer.id));
    const layers = new Map<number, WmsLayer>();
    for (const q of queried) {
      // A group in QUERY_LAYERS queries its queryable members; a layer named there must be queryable.
      const member = !namesLayer(q.requested, q.layer);
      if (!drawn.has(q.layer.id)) throw new WmsException(`Layer ${q.requested} is in QUERY_LAYERS but not in LAYERS`, 'LayerNotDefined', 'query_layers');
      if (!q.layer.queryable) {
        if (member) continue;
        throw new WmsException(`Layer ${q.requested} is not queryable`, 'LayerNotQueryable', 'query_layers');
      }
      layers.set(q.layer.id, q.layer);
    }
    const [minx, miny, maxx, maxy] = request.bbox;
    const resx = (maxx - minx) / p.width;
    const resy = (maxy - miny) / p.height;
    const cx = minx + (fi.i + 0.5) * resx;
    const cy = maxy - (fi.j + 0.5) * resy;
    const half = fi.buffer + 0.5;
    const box = { minx: cx - half * resx, miny: cy - half * resy, maxx: cx + half * resx, maxy: cy + half * resy };
    const results: LayerFeatures[] = [];
    for (const layer of layers.values()) {
      const lonLat = request.crs.srid === 4326 ? box : await this.connector.toWgs84(layer.store, box, request.crs.srid);
      const published = publishedLayer(layer);
      // The CQL_FILTER entry of the LAYERS name that drew it.
      const filter = p.cqlFilter?.[request.layers.find((d) => d.layer.id === layer.id)!.position];
      // Geometries in the map's CRS, as GeoServer answers GetFeatureInfo.
      const { texts, geometryName } = await this.connector.withTable(layer.store, layer.nativeName, async (table) => {
        const source = sourceOf(published, table);
        const where = cqlFilterCondition(layer, source, filter);
        return {
          texts: await this.connector.readFeaturePage(
            layer.store,
            source,
            { boxes: [lonLat], outputSrid: request.crs.srid, where },
            { limit: fi.featureCount, offset: 0 },
          ),
          geometryName: table.geometry?.column ?? null,
        };
      });
      results.push({
        prefix: layer.workspace,
        namespaceUri: layer.namespaceUri,
        name: layer.name,
        qualifiedName: `${layer.workspace}:${layer.name}`,
        geometryName,
        features: texts.map((t) => JSON.parse(t) as LayerFeatures['features'][number]),
      });
    }
    return featureInfoDocument(fi.infoFormat, results, { srid: request.crs.srid, geographic: request.crs.geographic });
  }

  /**
   * GetLegendGraphic: one icon per rule of the layer's style (STYLE, else its default) with the
   * rule's title, or GeoServer's JSON legend; a group gives each member's legend in drawing order.
   */
  async legendGraphic(params: WmsParams, scope: WmsScope): Promise<MapImage> {
    await this.metadata(scope);
    const p = parseLegend(params);
    if (scope.access) await checkNames(this.catalog, scope.workspace, scope.access, [p.layer], 'layer');
    const draws = readableDraws(await legendLayers(this.catalog, scope.workspace, p), scope.access);
    if (!draws.length) throw new WmsException(`${p.layer} layer does not exist.`, 'LayerNotDefined', 'layer');
    const rules = rulesOf(p, draws.length);
    const compiled = new Map<string, Promise<CompiledStyle>>();
    const layers = await Promise.all(
      draws.map(async (d, i) => {
        const key = `id:${d.style.id ?? d.style.name}`;
        if (!compiled.has(key))
          compiled.set(
            key,
            this.styleText(d).then(async (sld) => (await this.compileStyle(styleName(d), sld)).style),
          );
        const style = rulesAtScale(await (compiled.get(key) as Promise<CompiledStyle>), p.scale);
        const rule = rules[i];
        if (rule !== undefined && !this.renderer.legendEntries(style).some((e) => e.name === rule)) throw noSuchRule(rule);
        return { style, rule, title: d.layer.title || d.layer.name, layerName: draws.length === 1 ? p.layer : d.layer.name };
      }),
    );
    if (p.format === 'application/json') {
      const legend = layers.map((l) => this.renderer.legendJson(l.style, { layerName: l.layerName, title: l.title, ruleName: l.rule }));
      return { contentType: 'application/json; charset=UTF-8', body: Buffer.from(JSON.stringify({ Legend: legend }), 'utf8') };
    }
    const body = await this.renderer.drawLegendsPng(layers, {
      width: p.width,
      height: p.height,
      transparent: p.transparent,
      bgcolor: p.bgcolor,
      forceLabels: p.forceLabels,
      pixelRatio: p.pixelRatio,
    });
    return { contentType: 'image/png', body };
  }

  /**
   * The size of the PNG a LegendURL answers (20×20 icons, the style's rules), for GetCapabilities;
   * 20×20 for a style that cannot be drawn (its URL answers the reason).
   */
  async legendSize(ref: StyleRef): Promise<{ width: number; height: number }> {
    try {
      const { style } = await this.compileStyle(ref.name, await this.styleText({ style: ref }));
      return this.renderer.legendPngSize([{ style }], {});
    } catch {
      return { width: 20, height: 20 };
    }
  }

  // ---------------------------------------------------------------------------------------------

  /** A style compiled for drawing; StyleNotDefined / a ServiceException naming what cannot be drawn. */
  /** The style compiled (once per SLD text, across requests) with the columns it reads; StyleNotDefined when it cannot be drawn. */
  private async compileStyle(name: string, sld: string): Promise<{ style: CompiledStyle; columns: string[] }> {
    const result = await this.compiledStyles.compile(sld);
    if (!result.style || result.errors.length)
      throw new WmsException(`Style ${name} cannot be drawn: ${result.errors.join('; ') || 'it holds no style'}`, 'StyleNotDefined', 'styles');
    if (result.unsupported.length) throw new WmsException(`Style ${name} uses what this server cannot draw: ${result.unsupported.join(', ')}`);
    return { style: result.style, columns: result.columns };
  }

  /** The CRS as the first layer's store knows it (its spatial_ref_sys); InvalidSRS/InvalidCRS when it does not. */
  private async lookUpCrs(version: WmsVersion, code: CrsCode, layer: WmsLayer): Promise<MapCrs> {
    try {
      const info = await this.connector.crs(layer.store, `EPSG:${code.srid}`);
      return { ...code, geographic: !info.projected && !/^\s*GEOCCS/i.test(info.wkt), metresPerUnit: info.projected ? projectedUnitFactor(info.wkt) : 1 };
    } catch (err) {
      if (err instanceof CatalogError && err.code === 'INVALID_VALUE')
        throw invalidCrs(version, `Error occurred decoding the espg code ${code.label}: ${err.message}`);
      throw err;
    }
  }

  /** Each layer's compiled style, the columns it reads and its SLD text; one compile per distinct style. */
  private async compileStyles(request: MapRequest): Promise<Array<{ style: CompiledStyle; columns: string[]; sld: string }>> {
    const cache = new Map<string, Promise<{ style: CompiledStyle; columns: string[]; sld: string }>>();
    const compile = (key: string, name: string, load: () => Promise<string>) => {
      let entry = cache.get(key);
      if (!entry) {
        entry = load().then(async (sld) => ({ ...(await this.compileStyle(name, sld)), sld }));
        cache.set(key, entry);
      }
      return entry;
    };
    return Promise.all(
      request.layers.map((d) => {
        if (request.params.sldBody !== undefined) {
          const sld = sldForLayer(request.params.sldBody, d);
          if (sld) return compile(`sld:${d.requested}:${d.layer.id}`, `${d.layer.name} (SLD_BODY)`, async () => sld);
        }
        return compile(`id:${d.style.id ?? d.style.name}`, styleName(d), () =>
          this.styleTexts.get(`${d.style.id ?? ''}:${d.style.name}`, request.at, () => this.styleText(d)),
        );
      }),
    );
  }

  private async styleText(d: Pick<LayerToDraw, 'style'>): Promise<string> {
    const id = d.style.id ?? (await this.catalog.globalStyleId(d.style.name));
    const style = id !== null ? await this.catalog.styleById(id) : null;
    if (!style?.sld) throw new WmsException(`Style ${d.style.name} has no SLD to draw with`, 'StyleNotDefined', 'styles');
    return style.sld;
  }
}

/**
 * The layers QUERY_LAYERS names: a name also in LAYERS takes the layers GetMap resolved for it (no
 * second catalog read, the usual case); any other (a member of a group drawn, another spelling) is
 * resolved anew.
 */
async function queriedLayers(catalog: WmsCatalog, workspace: string | null, names: string[], drawn: LayerToDraw[]): Promise<LayerToDraw[]> {
  const out: LayerToDraw[] = [];
  for (const name of names) {
    const known = drawn.filter((d) => d.requested === name);
    out.push(...(known.length ? known : await layersToDraw(catalog, workspace, [name], [])));
  }
  return out;
}

/** True when `requested` names this layer itself (not a group holding it). */
function namesLayer(requested: string, layer: WmsLayer): boolean {
  const colon = requested.indexOf(':');
  const local = colon > 0 ? requested.slice(colon + 1) : requested;
  return local === layer.name && (colon <= 0 || requested.slice(0, colon) === layer.workspace);
}

/** One style's key among the LegendURL sizes. */
function legendKey(ref: StyleRef): string {
  return ref.id !== null ? `id:${ref.id}` : `name:${ref.name}`;
}

/** A style's name as messages give it: `ws:name` for a workspace style. */
function styleName(d: LayerToDraw): string {
  return d.style.workspace ? `${d.style.workspace}:${d.style.name}` : d.style.name;
}

/** A GetMap request read, checked and resolved: what is drawn, where, at which scale. */
export interface MapRequest {
  params: GetMapParams;
  crs: MapCrs;
  layers: LayerToDraw[];
  /** x/y in the map's CRS. */
  bbox: [number, number, number, number];
  scaleDenominator: number;
  pixelRatio: number;
  /** The catalog change number it was resolved at. */
  at: string;
}
