import { Injectable } from '@nestjs/common';
import { WmsSettingsService, type WmsSettings } from '../settings/wms-settings.service';
import { CatalogMemo } from './catalog-memo';
import { WmsCatalog } from './wms-catalog';
import { MAX_IMAGE_SIDE, type WmsServiceMetadata, type WmsServiceMetadataSource } from './wms-service-metadata';

/** Bytes a pixel of a map takes while it is drawn (RGBA): GeoServer's measure of `maxRequestMemory`. */
const BYTES_PER_PIXEL = 4;

/**
 * The WMS settings (`/rest/services/wms/settings`, a workspace's own for its virtual service) as
 * this module reads them: kept per workspace for one catalog change number (`catalog-memo.ts`).
 * A settings write, a workspace's rename or delete, a revert or an import is a catalog change with
 * a new number, so a change answered by any worker holds for the next map.
 */
@Injectable()
export class SettingsWmsMetadata implements WmsServiceMetadataSource {
  private readonly memo = new CatalogMemo<WmsServiceMetadata>();

  constructor(
    private readonly settings: WmsSettingsService,
    private readonly catalog: WmsCatalog,
  ) {}

  async metadata(workspace: string | null, at?: string): Promise<WmsServiceMetadata> {
    const number = at ?? (await this.catalog.changeNumber());
    return this.memo.get(workspace ?? '', number, async () => wmsMetadata(await this.settings.get(workspace ?? undefined)));
  }
}

/** What the stored settings mean for a map: `maxRequestMemory` (KiB, 0 = none) becomes the pixel budget. */
export function wmsMetadata(s: WmsSettings): WmsServiceMetadata {
  const budget = s.maxRequestMemory > 0 ? Math.floor((s.maxRequestMemory * 1024) / BYTES_PER_PIXEL) : MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;
  return {
    enabled: s.enabled,
    title: s.title ?? '',
    abstract: s.abstract ?? '',
    keywords: s.keywords,
    srsList: s.srs,
    maxWidth: MAX_IMAGE_SIDE,
    maxHeight: MAX_IMAGE_SIDE,
    maxPixels: budget,
    fees: s.fees ?? 'NONE',
    accessConstraints: s.accessConstraints ?? 'NONE',
  };
}
