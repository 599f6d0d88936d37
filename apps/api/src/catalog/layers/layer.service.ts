import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogError, checkName, Layer, mergeDeclared, normalizeName, Sent, SentReference } from '@geocatalog/catalog-model';
import { EntityManager } from 'typeorm';
import { catalogVersion } from '../../database/catalog-version';
import { uniquely } from '../../database/pg-errors';
import { keysetPages, Listing, noPages, orderedPages } from '../list-pages';
import { LayerName, layerPage } from './layer-pages';
import { FeatureTypeEntity } from '../featuretypes/featuretype.entity';
import { StyleService } from '../styles/style.service';
import { DEFAULT_ALIAS, WorkspaceService } from '../workspaces/workspace.service';
import { checkPrecondition } from '../record-precondition';
import { LayerEntity, LayerStyleEntity } from './layer.entity';
import { layerTag } from './layer.mapper';
import type { LocatedLayer } from './located-layer';

export type { LocatedLayer } from './located-layer';

/** The fields of a `<layer>` body; absent fields are undefined (PUT merges). */
export type LayerInput = Sent<Layer>;

/**
 * Layers: one per feature type, named `{workspace}:{feature type}`. A layer name without a
 * workspace is looked up in the default workspace, as GeoServer does.
 */
@Injectable()
export class LayerService {
  constructor(
    private readonly db: CatalogDb,
    private readonly workspaces: WorkspaceService,
    private readonly styles: StyleService,
  ) {}

  /** Every layer, or one workspace's (an unknown workspace lists nothing, as in GeoServer; `default` is the default one). */
  async list(workspace?: string): Promise<Listing<LayerName>> {
    const version = await catalogVersion(this.db);
    if (workspace === undefined) return { version, pages: keysetPages((after, limit) => layerPage(this.db, after, limit)) };
    const ws = await this.workspaces.find(workspace);
    if (!ws) return { version, pages: noPages() };
    const pages = orderedPages<LayerName>(
      this.db,
      'SELECT $2::text AS workspace, f.name FROM feature_type f JOIN layer l ON l.feature_type_id = f.id WHERE f.workspace_id = $1',
      [ws.id, ws.name],
      'f.name',
      (l) => l.name,
    );
    return { version, pages };
  }

  /** One layer by `ws:name` (or a bare name in the default workspace); 404 `No such layer: …`. */
  async get(qualified: string, manager: EntityManager = this.db.manager): Promise<LocatedLayer> {
    const colon = qualified.indexOf(':');
    const prefix = colon >= 0 ? qualified.slice(0, colon) : DEFAULT_ALIAS;
    const wsName = prefix === DEFAULT_ALIAS ? (await this.workspaces.findDefault(manager))?.name : prefix;
    const name = colon >= 0 ? qualified.slice(colon + 1) : qualified;
    const layer = wsName
      ? await manager
          .getRepository(LayerEntity)
          .createQueryBuilder('l')
          .innerJoinAndSelect('l.featureType', 'f')
          .innerJoinAndSelect('f.workspace', 'w')
          .innerJoinAndSelect('f.dataStore', 'd')
          .leftJoinAndSelect('l.defaultStyle', 's')
          .leftJoinAndSelect('s.workspace', 'sw')
          .where('w.name = :ws AND f.name = :name', { ws: wsName, name })
          .getOne()
      : null;
    if (!layer) throw new CatalogError('NOT_FOUND', `No such layer: ${colon >= 0 ? qualified : `${wsName ?? ''}:${name}`}`);
    const styles = await manager
      .getRepository(LayerStyleEntity)
      .find({ where: { layerId: layer.id }, relations: { style: { workspace: true } }, order: { position: 'ASC' } });
    return {
      layer,
      featureType: layer.featureType,
      workspace: layer.featureType.workspace.name,
      store: layer.featureType.dataStore.name,
      styles: styles.map((s) => s.style),
    };
  }

  /**
   * Partial update: name (a layer is named after its feature type, so renaming one renames the
   * other, as in GeoServer), default style, alternate styles, flags, attribution.
   */
  async update(qualified: string, input: LayerInput, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const located = await this.get(qualified, tx);
      await checkPrecondition(tx, 'layer', located.layer, ifMatch, () => layerTag(located));
      const layer = located.layer;
      if (input.name !== undefined) await this.rename(tx, located, input.name);
      if (input.defaultStyleRef) layer.defaultStyleId = (await this.styles.resolve(tx, input.defaultStyleRef, located.workspace)).id;
      mergeDeclared(Layer, layer, input);
      layer.dateModified = new Date();
      await tx.getRepository(LayerEntity).update(
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
      if (input.styleRefs) {
        const styles = [];
        for (const ref of input.styleRefs) styles.push(await this.styles.resolve(tx, ref, located.workspace));
        await tx.getRepository(LayerStyleEntity).delete({ layerId: layer.id });
        const unique = [...new Map(styles.map((s) => [s.id, s])).values()];
        await tx.getRepository(LayerStyleEntity).insert(unique.map((s, position) => ({ layerId: layer.id, styleId: s.id, position })));
      }
    });
  }

  private async rename(tx: EntityManager, located: LocatedLayer, sent: string): Promise<void> {
    const colon = sent.indexOf(':');
    if (colon >= 0 && sent.slice(0, colon) !== located.workspace) {
      throw new CatalogError('INVALID_VALUE', `Layer ${located.workspace}:${located.featureType.name} cannot move to workspace ${sent.slice(0, colon)}`);
    }
    const name = normalizeName(colon >= 0 ? sent.slice(colon + 1) : sent);
    if (name === located.featureType.name) return;
    checkName('layer', name);
    await uniquely(
      () => tx.getRepository(FeatureTypeEntity).update({ id: located.featureType.id }, { name, dateModified: new Date() }),
      () => `Resource named '${name}' already exists in namespace: '${located.workspace}'`,
    );
  }

  /** Adds a style to the layer's alternates (`makeDefault`: and makes it the default). */
  async addStyle(qualified: string, ref: SentReference, makeDefault: boolean): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const located = await this.get(qualified, tx);
      const style = await this.styles.resolve(tx, ref, located.workspace);
      if (makeDefault) {
        await tx.getRepository(LayerEntity).update({ id: located.layer.id }, { defaultStyleId: style.id, dateModified: new Date() });
      }
      if (!located.styles.some((s) => s.id === style.id)) {
        await tx.getRepository(LayerStyleEntity).insert({ layerId: located.layer.id, styleId: style.id, position: located.styles.length });
      }
    });
  }

  /** Deletes the layer; with `recurse` its feature type goes too. */
  async delete(qualified: string, recurse: boolean, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const located = await this.get(qualified, tx);
      const { layer } = located;
      await checkPrecondition(tx, 'layer', layer, ifMatch, () => layerTag(located));
      if (recurse) await tx.getRepository(FeatureTypeEntity).delete({ id: layer.featureTypeId });
      else await tx.getRepository(LayerEntity).delete({ id: layer.id });
    });
  }
}
