// GeoServer's extensions to SLD 1.0.0 and SE 1.1.0 that real styles use and GeoServer (through
// GeoTools' own SLD schema and parsers) accepts, although the OGC schemas do not: a catalog
// compatible with GeoServer must accept them too. Each is data patched into the generated
// grammar; positions follow GeoTools' extended SLD schema (xsd-sld), so an extension element is
// still checked for place, order and content.
import type { GrammarExtension } from '../schema/extend-grammar';
import { UNBOUNDED } from '../schema/schema-grammar';

const SLD_SYMBOLIZERS = ['sld:LineSymbolizer', 'sld:PolygonSymbolizer', 'sld:PointSymbolizer', 'sld:TextSymbolizer', 'sld:RasterSymbolizer'];
const SE_SYMBOLIZERS = ['se:LineSymbolizer', 'se:PolygonSymbolizer', 'se:PointSymbolizer', 'se:TextSymbolizer', 'se:RasterSymbolizer'];

/** `<VendorOption name="…">text</VendorOption>`: a named rendering option. */
const VENDOR_OPTION_TYPE = {
  kind: 'complex',
  simpleContent: 'xs:string',
  attributes: { name: { type: 'xs:string', required: true } },
} as const;

/** Extensions of SLD 1.0.0, in the order they apply (order matters where two append to one element). */
export const GEOSERVER_SLD_1_0_0_EXTENSIONS: readonly GrammarExtension[] = [
  {
    description: 'label shields and label priority: Graphic and Priority after the Fill of a TextSymbolizer',
    elements: { 'sld:Priority': { type: 'sld:ParameterValueType' } },
    content: [
      {
        elements: ['sld:TextSymbolizer'],
        particles: [
          ['e', 'sld:Graphic', 0, 1],
          ['e', 'sld:Priority', 0, 1],
        ],
      },
    ],
  },
  {
    description: 'VendorOption at the end of a FeatureTypeStyle and of every symbolizer',
    elements: { 'sld:VendorOption': { type: '#geoserver:VendorOption' } },
    types: { '#geoserver:VendorOption': VENDOR_OPTION_TYPE },
    content: [{ elements: ['sld:FeatureTypeStyle', ...SLD_SYMBOLIZERS], particles: [['e', 'sld:VendorOption', 0, UNBOUNDED]] }],
  },
  {
    description: 'uom (unit of measure) attribute on symbolizers, as in SE 1.1.0',
    attributes: [{ elements: SLD_SYMBOLIZERS, attributes: { uom: { type: 'xs:anyURI' } } }],
  },
  {
    description: 'rendering transformation: a Transformation (one ogc:Function) before the Rules of a FeatureTypeStyle',
    elements: { 'sld:Transformation': { type: '#geoserver:Transformation' } },
    types: { '#geoserver:Transformation': { kind: 'complex', content: ['s', 1, 1, [['e', 'ogc:Function', 1, 1]]] } },
    content: [{ elements: ['sld:FeatureTypeStyle'], before: 'sld:Rule', particles: [['e', 'sld:Transformation', 0, 1]] }],
  },
  {
    description: 'AnchorPoint and Displacement of a Graphic (point symbols), as in SE 1.1.0',
    content: [
      {
        elements: ['sld:Graphic'],
        particles: [
          ['e', 'sld:AnchorPoint', 0, 1],
          ['e', 'sld:Displacement', 0, 1],
        ],
      },
    ],
  },
  {
    description: "ColorMap type ('ramp', 'intervals', 'values') and extended (more than 256 colours)",
    types: { '#geoserver:ColorMapType': { kind: 'simple', base: 'xs:string', enumeration: ['ramp', 'intervals', 'values'] } },
    attributes: [{ elements: ['sld:ColorMap'], attributes: { type: { type: '#geoserver:ColorMapType' }, extended: { type: 'xs:boolean' } } }],
  },
];

/** Extensions of SLD 1.1.0 / SE 1.1.0, in the order they apply. */
export const GEOSERVER_SE_1_1_0_EXTENSIONS: readonly GrammarExtension[] = [
  {
    description: 'label shields and label priority: Graphic and Priority after the Fill of a TextSymbolizer',
    elements: { 'se:Priority': { type: 'se:ParameterValueType' } },
    content: [
      {
        elements: ['se:TextSymbolizer'],
        particles: [
          ['e', 'se:Graphic', 0, 1],
          ['e', 'se:Priority', 0, 1],
        ],
      },
    ],
  },
  {
    description: 'VendorOption at the end of a FeatureTypeStyle and of every symbolizer',
    elements: { 'se:VendorOption': { type: '#geoserver:VendorOption' } },
    types: { '#geoserver:VendorOption': VENDOR_OPTION_TYPE },
    content: [{ elements: ['se:FeatureTypeStyle', 'se:CoverageStyle', ...SE_SYMBOLIZERS], particles: [['e', 'se:VendorOption', 0, UNBOUNDED]] }],
  },
];
