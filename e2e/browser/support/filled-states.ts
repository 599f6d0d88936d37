import { createWorkspace } from '../../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../../support/featuretype';
import { SLD_10, type RestClient } from '../../support/http';
import { createSpatialStore, createStatesTable, type SpatialDb } from '../../support/postgis';

/** An SLD 1.0 style `name` filling polygons with one opaque colour, no stroke: what both renderers draw alike. */
export function solidFillSld(name: string, fill: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>states</Name><UserStyle><Name>${name}</Name><FeatureTypeStyle><Rule><Name>States</Name>
    <PolygonSymbolizer><Fill><CssParameter name="fill">${fill}</CssParameter></Fill></PolygonSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>
`;
}

/**
 * The three-state table (`createStatesTable`) published as `{workspace}:states` from a new
 * workspace and store `pg`, drawn by default with a workspace style `style` of one fill colour.
 * Returns the layer's name.
 */
export async function publishFilledStates(api: RestClient, db: SpatialDb, workspace: string, style: string, fill: string): Promise<string> {
  const layer = `${workspace}:states`;
  await createStatesTable(db, `states_${workspace}`);
  await createWorkspace(api, workspace);
  await createSpatialStore(api, db, workspace, 'pg');
  await createFeatureType(api, workspace, 'pg', seedFeatureTypeXml('states', `states_${workspace}`));
  expect(await api.postXml(`/workspaces/${workspace}/styles`, `<style><name>${style}</name><filename>${style}.sld</filename></style>`)).toHaveStatus(201);
  expect(await api.put(`/workspaces/${workspace}/styles/${style}`, solidFillSld(style, fill), SLD_10)).toHaveStatus(200);
  expect(
    await api.putXml(`/layers/${layer}`, `<layer><defaultStyle><name>${style}</name><workspace>${workspace}</workspace></defaultStyle></layer>`),
  ).toHaveStatus(200);
  return layer;
}
