export { compileSld, flattenUnsupported } from './compile-sld';
export type { CanvasLike, CompiledStyle, Context2DLike, CompileOptions, CompileResult, StyleResource } from './compiled-style';
export { drawMap, resolutionForScale, stylesOf, type DrawFeature, type DrawLayer, type DrawMapRequest } from './draw-map';
export { resourceName } from './icon-resources';
export { drawLegendIcon, LEGEND_ICON_SIZE, legendEntries, legendStyle, type LegendEntry } from './legend';
export { filterToCql, legendJson, type JsonLegendLayer, type JsonLegendRule } from './legend-json';
export { dpiPixelRatio, METRES_PER_DEGREE, OGC_DPI, OGC_PIXEL_SIZE_M, ogcScaleDenominator } from './ogc-scale';
export { auditSld, type RuleDescription, type SldAudit } from './sld-audit';
export { styleColumns } from './style-columns';
