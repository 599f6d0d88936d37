import { Injectable } from '@nestjs/common';
import type { PublishedReads } from '../../rest/rest-request';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogError, checkName, Layer, mergeDeclared, normalizeName, Sent, SentReference } from '@geocatalog/catalog-model';
import { InTransaction } from '../../database/catalog-repository';
import { CatalogTransaction } from '../../database/catalog-transaction';
import { catalogVersion } from '../../database/catalog-version';
import { uniquely } from '../../database/pg-errors';
import { Listing, noPages } from '../list-pages';
import { LayerName } from './layer-pages';
import { FeatureTypeRepository } from '../featuretypes/featuretype.repository';
import { StyleService } from '../styles/style.service';
import { DEFAULT_ALIAS, WorkspaceService } from '../workspaces/workspace.service';
import { checkPrecondition } from '../record-precondition';
import { LayerRepository } from './layer.repository';
import { layerTag } from './layer.mapper';
import type { LocatedLayer } from './located-layer';

export type { LocatedLayer } from './located-layer';

/** The fields of a `<layer>` body; absent fields are undefined (PUT merges). */
export type LayerInput = Sent<Layer>;

/**
 * What uses a layer that is being deleted (layer groups): `users` names each user for the
 * refusal; `afterDelete` says, once the layer is gone, what its delete removed along with it.
 */
export interface LayerUsers {
  users: string[];
  afterDelete(): Promise<string[]>;
}

/**
 * Layers: one per feature type, named `{workspace}:{feature type}`. A layer name without a
 * workspace is looked up in the default workspace, as GeoServer does.
 */
@Injectable()
export class LayerService {
  private readonly deleteHooks: Array<(tx: CatalogTransaction, layerId: number, reads?: PublishedReads) => Promise<LayerUsers>> = [];

  constructor(
    private readonly db: CatalogDb,
    private readonly rows: LayerRepository,
    private readonly featureTypes: FeatureTypeRepository,
    private readonly workspaces: WorkspaceService,
    private readonly styles: StyleService,
  ) {}

  /** Registers a kind of record that uses layers (layer groups): asked in every layer delete's transaction. */
  onDelete(hook: (tx: CatalogTransaction, layerId: number, reads?: PublishedReads) => Promise<LayerUsers>): void {
    this.deleteHooks.push(hook);
  }

  /** Every layer, or one workspace's (an unknown workspace lists nothing, as in GeoServer; `default` is the default one). */
  async list(workspace?: string): Promise<Listing<LayerName>> {
    const version = await catalogVersion(this.db);
    if (workspace === undefined) return { version, pages: this.rows.everyPage() };
    const ws = await this.workspaces.find(workspace);
    if (!ws) return { version, pages: noPages() };
    return { version, pages: this.rows.namePagesIn(ws) };
  }

  /** One layer by `ws:name` (or a bare name in the default workspace); 404 `No such layer: …`. */
  async get(qualified: string, tx?: InTransaction): Promise<LocatedLayer> {
    const colon = qualified.indexOf(':');
    const prefix = colon >= 0 ? qualified.slice(0, colon) : DEFAULT_ALIAS;
    const wsName = prefix === DEFAULT_ALIAS ? (await this.workspaces.findDefault(tx))?.name : prefix;
    const name = colon >= 0 ? qualified.slice(colon + 1) : qualified;
    const layer = wsName ? await this.rows.find(wsName, name, tx) : null;
    if (!layer) throw new CatalogError('NOT_FOUND', `No such layer: ${colon >= 0 ? qualified : `${wsName ?? ''}:${name}`}`);
    const styles = await this.rows.styles(layer.id, tx);
    return {
      layer,
      featureType: layer.featureType,
      workspace: layer.featureType.workspace.name,
      store: layer.featureType.dataStore.name,
      styles,
    };
  }

  /**
   * Partial update: name (a layer is named after its feature type, so renaming one renames the
   * other, as in GeoServer), default style, alternate styles, flags, attribution.
   */
  async update(qualified: string, input: LayerInput, ifMatch?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const located = await this.get(qualified, tx);
      await checkPrecondition(tx, 'layer', located.layer, ifMatch, () => layerTag(located));
      const layer = located.layer;
      if (input.name !== undefined) await this.rename(tx, located, input.name);
      if (input.defaultStyleRef) layer.defaultStyleId = (await this.styles.resolve(tx, input.defaultStyleRef, located.workspace)).id;
      mergeDeclared(Layer, layer, input);
      layer.dateModified = new Date();
      await this.rows.update(tx, layer);
      if (input.styleRefs) {
        const styles = [];
        for (const ref of input.styleRefs) styles.push(await this.styles.resolve(tx, ref, located.workspace));
        await this.rows.replaceStyles(tx, layer.id, [...new Set(styles.map((s) => s.id))]);
      }
    });
  }

  private async rename(tx: CatalogTransaction, located: LocatedLayer, sent: string): Promise<void> {
    const colon = sent.indexOf(':');
    if (colon >= 0 && sent.slice(0, colon) !== located.workspace) {
      throw new CatalogError('INVALID_VALUE', `Layer ${located.workspace}:${located.featureType.name} cannot move to workspace ${sent.slice(0, colon)}`);
    }
    const name = normalizeName(colon >= 0 ? sent.slice(colon + 1) : sent);
    if (name === located.featureType.name) return;
    checkName('layer', name);
    await uniquely(
      () => this.featureTypes.rename(tx, located.featureType.id, name),
      () => `Resource named '${name}' already exists in namespace: '${located.workspace}'`,
    );
  }

  /** Adds a style to the layer's alternates (`makeDefault`: and makes it the default). */
  async addStyle(qualified: string, ref: SentReference, makeDefault: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const located = await this.get(qualified, tx);
      const style = await this.styles.resolve(tx, ref, located.workspace);
      if (makeDefault) {
        await this.rows.setDefaultStyle(tx, located.layer.id, style.id);
      }
      if (!located.styles.some((s) => s.id === style.id)) {
        await this.rows.addStyle(tx, located.layer.id, style.id, located.styles.length);
      }
    });
  }

  /**
   * Deletes the layer; with `recurse` its feature type goes too, and it leaves the records that use
   * it (without, a layer in use is refused, naming its users). Returns what those records say the
   * delete removed along with it. `reads` (a caller other than ADMIN): users it may not read are
   * not named (contract §12).
   */
  async delete(qualified: string, recurse: boolean, ifMatch?: string, reads?: PublishedReads): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const located = await this.get(qualified, tx);
      const { layer } = located;
      await checkPrecondition(tx, 'layer', layer, ifMatch, () => layerTag(located));
      const users: LayerUsers[] = [];
      for (const hook of this.deleteHooks) users.push(await hook(tx, layer.id, reads));
      const names = users.flatMap((u) => u.users);
      if (names.length && !recurse) throw new CatalogError('NOT_EMPTY', `Unable to delete layer referenced by ${names.join(', ')}`);
      if (recurse) await this.featureTypes.delete(tx, layer.featureTypeId);
      else await this.rows.delete(tx, layer.id);
      const notes: string[] = [];
      for (const u of users) notes.push(...(await u.afterDelete()));
      return notes;
    });
  }
}
