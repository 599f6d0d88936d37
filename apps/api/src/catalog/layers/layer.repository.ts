import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogRepository, InTransaction } from '../../database/catalog-repository';
import type { StyleEntity } from '../styles/style.entity';
import { keysetPages, orderedPages } from '../list-pages';
import { LayerEntity, LayerStyleEntity } from './layer.entity';
import { LayerName, layerPage } from './layer-pages';

/** The rows of `layer` and of its alternate styles, `layer_style`. */
@Injectable()
export class LayerRepository extends CatalogRepository<LayerEntity> {
  constructor(db: CatalogDb) {
    super(db, LayerEntity, 'l');
  }

  /** Every layer, by workspace then name, a page at a time. */
  everyPage(): AsyncGenerator<LayerName[]> {
    return keysetPages((after, limit) => layerPage(this.db, after, limit));
  }

  /** The names of a workspace's layers, in name order, a page at a time. */
  namePagesIn(ws: { id: number; name: string }): AsyncGenerator<LayerName[]> {
    return orderedPages<LayerName>(
      this.db,
      'SELECT $2::text AS workspace, f.name FROM feature_type f JOIN layer l ON l.feature_type_id = f.id WHERE f.workspace_id = $1',
      [ws.id, ws.name],
      'f.name',
      (l) => l.name,
    );
  }

  /** The layer of the feature type `name` in the workspace named `workspace`, with its feature type, store, workspace and default style. */
  find(workspace: string, name: string, tx?: InTransaction): Promise<LayerEntity | null> {
    return this.orm(tx)
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.featureType', 'f')
      .innerJoinAndSelect('f.workspace', 'w')
      .innerJoinAndSelect('f.dataStore', 'd')
      .leftJoinAndSelect('l.defaultStyle', 's')
      .leftJoinAndSelect('s.workspace', 'sw')
      .where('w.name = :ws AND f.name = :name', { ws: workspace, name })
      .getOne();
  }

  /** The layer's alternate styles (with their workspaces), in order. */
  async styles(layerId: number, tx?: InTransaction): Promise<StyleEntity[]> {
    const rows = await this.manager(tx)
      .getRepository(LayerStyleEntity)
      .find({ where: { layerId }, relations: { style: { workspace: true } }, order: { position: 'ASC' } });
    return rows.map((r) => r.style);
  }

  /** Creates the layer of a newly published feature type. */
  async insertFor(tx: InTransaction, featureTypeId: number, defaultStyleId: number | null): Promise<void> {
    await this.orm(tx).save({ featureTypeId, defaultStyleId, enabled: true, advertised: true, attribution: { logoWidth: 0, logoHeight: 0 } });
  }

  /** Writes what a layer's own fields hold (its name is its feature type's). */
  async update(tx: InTransaction, layer: LayerEntity): Promise<void> {
    await this.orm(tx).update(
      { id: layer.id },
      {
        defaultStyleId: layer.defaultStyleId,
        enabled: layer.enabled,
        advertised: layer.advertised,
        queryable: layer.queryable,
        opaque: layer.opaque,
        attribution: layer.attribution,
        dateModified: layer.dateModified,
      },
    );
  }

  /** Makes a style the layer's default. */
  async setDefaultStyle(tx: InTransaction, layerId: number, styleId: number | null): Promise<void> {
    await this.orm(tx).update({ id: layerId }, { defaultStyleId: styleId, dateModified: new Date() });
  }

  /** Draws the layer with another default style (a style it used is being deleted); its modification date stays. */
  async fallBack(tx: InTransaction, layerId: number, styleId: number | null): Promise<void> {
    await this.run(tx, `UPDATE layer SET default_style_id = $2 WHERE id = $1`, [layerId, styleId]);
  }

  /** Replaces the layer's alternate styles. */
  async replaceStyles(tx: InTransaction, layerId: number, styleIds: number[]): Promise<void> {
    const styles = this.manager(tx).getRepository(LayerStyleEntity);
    await styles.delete({ layerId });
    if (styleIds.length) await styles.insert(styleIds.map((styleId, position) => ({ layerId, styleId, position })));
  }

  /** Adds an alternate style at `position`. */
  async addStyle(tx: InTransaction, layerId: number, styleId: number, position: number): Promise<void> {
    await this.manager(tx).getRepository(LayerStyleEntity).insert({ layerId, styleId, position });
  }

  /** How many layers a feature type has. */
  countOf(tx: InTransaction, featureTypeId: number): Promise<number> {
    return this.orm(tx).countBy({ featureTypeId });
  }

  /** How many layers use the style, as default or alternate. */
  async countUsing(tx: InTransaction, styleId: number): Promise<number> {
    const [{ n }] = await this.run<{ n: string }>(
      tx,
      `SELECT (SELECT count(*) FROM layer WHERE default_style_id = $1) + (SELECT count(*) FROM layer_style WHERE style_id = $1) AS n`,
      [styleId],
    );
    return Number(n);
  }

  /** The qualified names (`ws:name`) of the layers using the style, as default or alternate. */
  async namesUsing(tx: InTransaction, styleId: number): Promise<string[]> {
    const rows = await this.run<{ name: string }>(
      tx,
      `SELECT DISTINCT w.name || ':' || f.name AS name FROM layer l JOIN feature_type f ON f.id = l.feature_type_id JOIN workspace w ON w.id = f.workspace_id
        WHERE l.default_style_id = $1 OR l.id IN (SELECT layer_id FROM layer_style WHERE style_id = $1) ORDER BY 1`,
      [styleId],
    );
    return rows.map((r) => r.name);
  }

  /** Removes the styles from every layer's alternates; the layers drawn with one of them by default, with their geometry type. */
  async dropStyles(tx: InTransaction, styleIds: number[]): Promise<Array<{ id: number; geometryType: string | null }>> {
    await this.run(tx, `DELETE FROM layer_style WHERE style_id = ANY($1)`, [styleIds]);
    return this.run<{ id: number; geometryType: string | null }>(
      tx,
      `SELECT l.id, f.geometry_type AS "geometryType" FROM layer l JOIN feature_type f ON f.id = l.feature_type_id WHERE l.default_style_id = ANY($1)`,
      [styleIds],
    );
  }

  private manager(tx: InTransaction) {
    return this.orm(tx).manager;
  }
}
