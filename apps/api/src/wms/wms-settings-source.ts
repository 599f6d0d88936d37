import { Injectable } from '@nestjs/common';
import { WmsSettingsService, type WmsSettings } from '../settings/wms-settings.service';
import { MAX_IMAGE_SIDE, type WmsServiceMetadata, type WmsServiceMetadataSource } from './wms-service-metadata';

/** Bytes a pixel of a map takes while it is drawn (RGBA): GeoServer's measure of `maxRequestMemory`. */
const BYTES_PER_PIXEL = 4;

/**
 * The WMS settings (`/rest/services/wms/settings`, a workspace's own for its virtual service) as
 * this module reads them: read on every request, so a change answered by any worker holds for the
 * next map.
 */
@Injectable()
export class SettingsWmsMetadata implements WmsServiceMetadataSource {
  constructor(private readonly settings: WmsSettingsService) {}

  async metadata(workspace: string | null): Promise<WmsServiceMetadata> {
    return wmsMetadata(await this.settings.get(workspace ?? undefined));
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
