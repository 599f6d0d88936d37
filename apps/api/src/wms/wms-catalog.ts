import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { catalogVersion } from '../database/catalog-version';
import { defaultStyleFor } from '../catalog/styles/default-style';
import { epsgNumber } from '../datastores/postgis/crs-code';
import type { Box, StoreConnection } from '../datastores/postgis/postgis.types';

/** GeoServer's code for "no CRS", given to tables without geometry. */
const NO_CRS_SRID = 404000;

/** A style as a layer offers it. */
export interface StyleRef {
  /** Catalog id; null for a default style the catalog does not hold (a new database before seeding). */
  id: number | null;
  name: string;
  /** Null for a global style. */
  workspace: string | null;
}

/** A layer as the WMS lists and draws it. */
export interface WmsLayer {
  id: number;
  workspace: string;
  /** The workspace's namespace URI (GML answers qualify feature types by it). */
  namespaceUri: string;
  name: string;
  title: string | null;
  abstract: string | null;
  keywords: string[];
  /** Declared CRS code (`EPSG:26713`), null when none. */
  srs: string | null;
  nativeBbox: Box | null;
  latLonBbox: Box | null;
  queryable: boolean;
  opaque: boolean;
  /** Default first, then the alternates in their order. */
  styles: StyleRef[];
  /** What reading its features needs. */
  store: StoreConnection;
  nativeName: string;
  srid: number;
  attributeSubset: string[] | null;
  /** The feature type's cqlFilter: only the rows it selects are drawn and queried (contract §11). */
  cqlFilter: string | null;
}

/** A layer group as the WMS lists it. */
export interface WmsGroup {
  id: number;
  /** Null for a global group. */
  workspace: string | null;
  name: string;
  mode: string;
  title: string | null;
  abstract: string | null;
  keywords: string[];
  /** Stored bounds in their CRS. */
  bounds: (Box & { crs: string }) | null;
  /** Union of the members' lon/lat boxes (nested groups included). */
  latLonBbox: Box | null;
}

/** A member of a group in drawing order: a layer with its style (null: its default), or a group. */
export type GroupMember = { kind: 'layer'; layerId: number; styleId: number | null } | { kind: 'group'; groupId: number };

const LAYER_COLUMNS = `l.id, w.name AS workspace, w.namespace_uri AS "namespaceUri", f.name, f.title, f.abstract, f.keywords, f.srs, f.native_bbox AS "nativeBbox",
       f.latlon_bbox AS "latLonBbox", COALESCE(l.queryable, true) AS queryable, COALESCE(l.opaque, false) AS opaque,
       f.geometry_type AS "geometryType", f.native_name AS "nativeName", f.attribute_subset AS "attributeSubset",
       f.cql_filter AS "cqlFilter", d.id AS "storeId", d.name AS "storeName", d.connection_parameters AS params,
       s.id AS "styleId", s.name AS "styleName", sw.name AS "styleWorkspace",
       (SELECT COALESCE(json_agg(json_build_object('id', a.id, 'name', a.name, 'workspace', aw.name) ORDER BY ls.position), '[]')
          FROM layer_style ls JOIN style a ON a.id = ls.style_id LEFT JOIN workspace aw ON aw.id = a.workspace_id
         WHERE ls.layer_id = l.id) AS alternates`;

const LAYER_FROM = `FROM layer l
  JOIN feature_type f ON f.id = l.feature_type_id
  JOIN workspace w ON w.id = f.workspace_id
  JOIN data_store d ON d.id = f.data_store_id
  LEFT JOIN style s ON s.id = l.default_style_id
  LEFT JOIN workspace sw ON sw.id = s.workspace_id
 WHERE l.enabled AND f.enabled AND d.enabled`;

interface LayerRow {
  id: number;
  workspace: string;
  namespaceUri: string;
  name: string;
  title: string | null;
  abstract: string | null;
  keywords: string[] | null;
  srs: string | null;
  nativeBbox: Box | null;
  latLonBbox: Box | null;
  queryable: boolean;
  opaque: boolean;
  geometryType: string | null;
  nativeName: string;
  attributeSubset: string[] | null;
  cqlFilter: string | null;
  storeId: number;
  storeName: string;
  params: Record<string, string>;
  styleId: number | null;
  styleName: string | null;
  styleWorkspace: string | null;
  alternates: StyleRef[];
}

const GROUP_COLUMNS = `g.id, w.name AS workspace, g.name, g.mode, g.title, g.abstract, g.keywords, g.bounds,
       (WITH RECURSIVE tree(id) AS (SELECT g.id UNION SELECT m.member_group_id FROM layer_group_member m JOIN tree ON m.group_id = tree.id WHERE m.member_group_id IS NOT NULL)
        SELECT json_build_object('minx', min((f.latlon_bbox->>'minx')::float8), 'miny', min((f.latlon_bbox->>'miny')::float8),
                                 'maxx', max((f.latlon_bbox->>'maxx')::float8), 'maxy', max((f.latlon_bbox->>'maxy')::float8))
          FROM tree JOIN layer_group_member m ON m.group_id = tree.id JOIN layer l ON l.id = m.layer_id
          JOIN feature_type f ON f.id = l.feature_type_id WHERE f.latlon_bbox IS NOT NULL) AS "latLonBbox"`;

interface GroupRow extends Omit<WmsGroup, 'latLonBbox' | 'keywords'> {
  keywords: string[] | null;
  latLonBbox: Partial<Box> | null;
}

/**
 * What the WMS reads of the catalog, straight from the catalog database: the layers it may draw
 * (enabled layers of enabled feature types in enabled stores), the layer groups, and styles. GetMap
 * keeps what it resolved per {@link changeNumber} (`catalog-memo.ts`), so a map reads one number,
 * not every row, while the catalog is unchanged.
 */
@Injectable()
export class WmsCatalog {
  constructor(private readonly db: CatalogDb) {}

  /**
   * The catalog's version ({@link catalogVersion}): every write of the catalog (layers, styles,
   * stores, groups, workspaces, settings; reverts and imports too) records its changes in
   * `catalog_change` in its own transaction, numbered in commit order, whichever api process made it.
   */
  changeNumber(): Promise<string> {
    return catalogVersion(this.db);
  }

  /** Every advertised layer (of one workspace, or all), by workspace then name. */
  async advertisedLayers(workspace: string | null): Promise<WmsLayer[]> {
    const rows = await this.db.query<LayerRow>(
      `SELECT ${LAYER_COLUMNS} ${LAYER_FROM} AND l.advertised AND f.advertised AND ($1::text IS NULL OR w.name = $1)
        ORDER BY w.name, f.name`,
      [workspace],
    );
    return rows.map(layerOf);
  }

  /** Every layer group (of one workspace, or all), global ones first, by name. */
  async groups(workspace: string | null): Promise<WmsGroup[]> {
    const rows = await this.db.query<GroupRow>(
      `SELECT ${GROUP_COLUMNS} FROM layer_group g LEFT JOIN workspace w ON w.id = g.workspace_id
        WHERE $1::text IS NULL OR w.name = $1 ORDER BY w.name NULLS FIRST, g.name`,
      [workspace],
    );
    return rows.map(groupOf);
  }

  /** The drawable layer `workspace:name`, or null. */
  async layer(workspace: string, name: string): Promise<WmsLayer | null> {
    const rows = await this.db.query<LayerRow>(`SELECT ${LAYER_COLUMNS} ${LAYER_FROM} AND w.name = $1 AND f.name = $2`, [workspace, name]);
    return rows.length ? layerOf(rows[0]) : null;
  }

  /** The drawable layer by id, or null. */
  async layerById(id: number): Promise<WmsLayer | null> {
    const rows = await this.db.query<LayerRow>(`SELECT ${LAYER_COLUMNS} ${LAYER_FROM} AND l.id = $1`, [id]);
    return rows.length ? layerOf(rows[0]) : null;
  }

  /** Workspaces holding a drawable layer of this name (for a name given without its workspace). */
  async workspacesWithLayer(name: string): Promise<string[]> {
    const rows = await this.db.query<{ workspace: string }>(`SELECT w.name AS workspace ${LAYER_FROM} AND f.name = $1 ORDER BY w.name`, [name]);
    return rows.map((r) => r.workspace);
  }

  /**
   * Whether a layer is reached only through an opaque container: a member of an OPAQUE_CONTAINER
   * group and of no tree group (NAMED, CONTAINER) — GeoServer then serves it by itself to nobody.
   */
  async onlyInOpaqueContainer(layerId: number): Promise<boolean> {
    const rows = await this.db.query<{ opaque: boolean }>(
      `SELECT bool_or(g.mode = 'OPAQUE_CONTAINER') AND NOT bool_or(g.mode IN ('NAMED', 'CONTAINER')) AS opaque
         FROM layer_group_member m JOIN layer_group g ON g.id = m.group_id WHERE m.layer_id = $1`,
      [layerId],
    );
    return rows[0]?.opaque === true;
  }

  /** The group `name` of `workspace` (null: global), or null. */
  async group(workspace: string | null, name: string): Promise<WmsGroup | null> {
    const rows = await this.db.query<GroupRow>(
      `SELECT ${GROUP_COLUMNS} FROM layer_group g LEFT JOIN workspace w ON w.id = g.workspace_id
        WHERE g.name = $2 AND (CASE WHEN $1::text IS NULL THEN g.workspace_id IS NULL ELSE w.name = $1 END)`,
      [workspace, name],
    );
    return rows.length ? groupOf(rows[0]) : null;
  }

  /** A group by id, or null. */
  async groupById(id: number): Promise<WmsGroup | null> {
    const rows = await this.db.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM layer_group g LEFT JOIN workspace w ON w.id = g.workspace_id WHERE g.id = $1`, [
      id,
    ]);
    return rows.length ? groupOf(rows[0]) : null;
  }

  /** A style's name and workspace by id, or null. */
  async styleRef(id: number): Promise<StyleRef | null> {
    const rows = await this.db.query<StyleRef>(
      `SELECT s.id, s.name, w.name AS workspace FROM style s LEFT JOIN workspace w ON w.id = s.workspace_id WHERE s.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The members of a group in drawing order. */
  async members(groupId: number): Promise<GroupMember[]> {
    const rows = await this.db.query<{ layerId: number | null; groupId: number | null; styleId: number | null }>(
      `SELECT layer_id AS "layerId", member_group_id AS "groupId", style_id AS "styleId" FROM layer_group_member WHERE group_id = $1 ORDER BY position`,
      [groupId],
    );
    return rows.map((r) => (r.layerId !== null ? { kind: 'layer', layerId: r.layerId, styleId: r.styleId } : { kind: 'group', groupId: r.groupId! }));
  }

  /** A style by id: its name, workspace and SLD text (null when no content was uploaded). */
  async styleById(id: number): Promise<(StyleRef & { sld: string | null; format: string }) | null> {
    const rows = await this.db.query<{ id: number; name: string; workspace: string | null; content: Buffer | null; format: string }>(
      `SELECT s.id, s.name, w.name AS workspace, s.content, s.format FROM style s LEFT JOIN workspace w ON w.id = s.workspace_id WHERE s.id = $1`,
      [id],
    );
    if (!rows.length) return null;
    const r = rows[0];
    return { id: r.id, name: r.name, workspace: r.workspace, format: r.format, sld: r.content ? r.content.toString('utf8') : null };
  }

  /** The id of the global style `name`, or null. */
  async globalStyleId(name: string): Promise<number | null> {
    const rows = await this.db.query<{ id: number }>(`SELECT id FROM style WHERE workspace_id IS NULL AND name = $1`, [name]);
    return rows.length ? rows[0].id : null;
  }

  /** True when a workspace of this name exists. */
  async workspaceExists(name: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM workspace WHERE name = $1`, [name]);
    return rows.length > 0;
  }
}

function layerOf(r: LayerRow): WmsLayer {
  const srid = epsgNumber(r.srs ?? '') ?? 0;
  const fallback = r.styleName === null ? defaultStyleFor(r.geometryType) : undefined;
  const styles: StyleRef[] = [];
  if (r.styleName !== null) styles.push({ id: r.styleId, name: r.styleName, workspace: r.styleWorkspace });
  else if (fallback) styles.push({ id: null, name: fallback, workspace: null });
  for (const a of r.alternates ?? []) {
    if (!styles.some((s) => s.id === a.id)) styles.push({ id: a.id, name: a.name, workspace: a.workspace ?? null });
  }
  return {
    id: r.id,
    workspace: r.workspace,
    namespaceUri: r.namespaceUri,
    name: r.name,
    title: r.title,
    abstract: r.abstract,
    keywords: r.keywords ?? [],
    srs: r.srs,
    nativeBbox: r.nativeBbox,
    latLonBbox: r.latLonBbox,
    queryable: r.queryable,
    opaque: r.opaque,
    styles,
    store: { storeId: r.storeId, qualifiedName: `${r.workspace}:${r.storeName}`, names: { workspace: r.workspace, store: r.storeName }, params: r.params },
    nativeName: r.nativeName,
    srid: srid === NO_CRS_SRID ? 0 : srid,
    attributeSubset: r.attributeSubset,
    cqlFilter: r.cqlFilter,
  };
}

function groupOf(r: GroupRow): WmsGroup {
  const b = r.latLonBbox;
  const complete = b && [b.minx, b.miny, b.maxx, b.maxy].every((v) => typeof v === 'number');
  return { ...r, keywords: r.keywords ?? [], latLonBbox: complete ? (b as Box) : null };
}
