import { getAttribute, parseXml, type XmlElement } from '@geocatalog/sld';

/**
 * The SLD elements the renderer draws (SLD 1.0.0 and SE 1.1.0 local names). Anything else in the
 * SLD, SE or OGC namespace is reported as unsupported by its name, so a map is never drawn with
 * part of its style silently missing. One list, measured over shared/sld-corpus (README).
 */
const DRAWN = new Set([
  // Structure.
  'StyledLayerDescriptor',
  'NamedLayer',
  'UserStyle',
  'Name',
  'Title',
  'Abstract',
  'Description',
  'IsDefault',
  'FeatureTypeStyle',
  'FeatureTypeName',
  'SemanticTypeIdentifier',
  'Rule',
  'MinScaleDenominator',
  'MaxScaleDenominator',
  'ElseFilter',
  'LayerFeatureConstraints',
  'FeatureTypeConstraint',
  'Version',
  // Symbolizers and what they hold.
  'PolygonSymbolizer',
  'LineSymbolizer',
  'PointSymbolizer',
  'TextSymbolizer',
  'Fill',
  'Stroke',
  'CssParameter',
  'SvgParameter',
  'GraphicFill',
  'GraphicStroke',
  'Graphic',
  'Mark',
  'WellKnownName',
  'ExternalGraphic',
  'OnlineResource',
  'InlineContent',
  'Format',
  'Opacity',
  'Size',
  'Rotation',
  'AnchorPoint',
  'AnchorPointX',
  'AnchorPointY',
  'Displacement',
  'DisplacementX',
  'DisplacementY',
  'Label',
  'Font',
  'LabelPlacement',
  'PointPlacement',
  'Halo',
  'Radius',
  'Gap',
  'PerpendicularOffset',
  // Filters and expressions (OGC Filter 1.0.0 / 1.1.0).
  'Filter',
  'And',
  'Or',
  'Not',
  'PropertyIsEqualTo',
  'PropertyIsNotEqualTo',
  'PropertyIsLessThan',
  'PropertyIsLessThanOrEqualTo',
  'PropertyIsGreaterThan',
  'PropertyIsGreaterThanOrEqualTo',
  'PropertyIsBetween',
  'LowerBoundary',
  'UpperBoundary',
  'PropertyIsLike',
  'PropertyIsNull',
  'PropertyName',
  'Literal',
  'Function',
  'Add',
  'Sub',
  'Mul',
  'Div',
]);

/** Drawn, but not exactly as GeoServer draws them: reported as approximations, never refused. */
const APPROXIMATED: Record<string, string> = {
  LinePlacement: "LinePlacement (GetMap draws the label horizontally at the line's middle; the console's map along the line)",
  Priority: 'Priority (labels are not ranked; all are drawn)',
  LegendGraphic: "LegendGraphic (the legend draws the rule's symbolizers)",
  Geometry: "Geometry (the feature's default geometry is drawn)",
  InitialGap: 'InitialGap',
  IsRepeated: 'IsRepeated',
  IsAligned: 'IsAligned',
  GeneralizeLine: 'GeneralizeLine',
};

/** GeoServer vendor options that tune what is drawn but never hide it (labels and spacing). */
const HINT_VENDOR_OPTIONS = new Set([
  'spaceAround',
  'group',
  'conflictResolution',
  'goodnessOfFit',
  'maxDisplacement',
  'autoWrap',
  'followLine',
  'maxAngleDelta',
  'repeat',
  'labelAllGroup',
  'partials',
  'polygonAlign',
  'charSpacing',
  'wordSpacing',
  'underlineText',
  'strikethroughText',
  'forceLeftToRight',
  'displacementMode',
  'labelObstacle',
  'fontShrinkSizeMin',
  'graphic-margin',
  'graphic-resize',
  'ruleEvaluation',
  'sortBy',
  'sortByGroup',
  'composite',
  'composite-base',
  'inclusion',
  'random',
  'random-seed',
  'random-tile-size',
  'random-symbol-count',
  'random-space-around',
  'random-rotation',
  'fill-label-obstacle',
]);

/** Functions GeoStyler's OpenLayers writer evaluates (geostyler-openlayers-parser OlStyleUtil). */
const FUNCTIONS = new Set([
  'abs',
  'acos',
  'add',
  'all',
  'any',
  'asin',
  'atan',
  'between',
  'case',
  'ceil',
  'cos',
  'div',
  'equalTo',
  'exp',
  'floor',
  'greaterThan',
  'greaterThanOrEqualTo',
  'in',
  'lessThan',
  'lessThanOrEqualTo',
  'log',
  'max',
  'min',
  'modulo',
  'mul',
  'not',
  'notEqualTo',
  'numberFormat',
  'parseBoolean',
  'pow',
  'property',
  'rint',
  'round',
  'sin',
  'sqrt',
  'strAbbreviate',
  'strCapitalize',
  'strConcat',
  'strDefaultIfBlank',
  'strEndsWith',
  'strEqualsIgnoreCase',
  'strIndexOf',
  'strLastIndexOf',
  'strLength',
  'strMatches',
  'strReplace',
  'strStartsWith',
  'strStripAccents',
  'strSubstring',
  'strSubstringStart',
  'strToLowerCase',
  'strToUpperCase',
  'strTrim',
  'sub',
  'tan',
  'toDegrees',
  'toRadians',
]);

/** Where an attribute or arithmetic in a symbolizer is read (outside filters, which read them all). */
const EXPRESSION_PARENTS = new Set(['Function', 'Label', 'Geometry']);
const ARITHMETIC = new Set(['Add', 'Sub', 'Mul', 'Div']);

const STYLE_NAMESPACES = new Set(['http://www.opengis.net/sld', 'http://www.opengis.net/se', 'http://www.opengis.net/ogc']);

/** A rule's own words: its Name, Title and Abstract (SE: Description/Title, Description/Abstract). */
export interface RuleDescription {
  name: string;
  title?: string;
  abstract?: string;
}

/** What the walk over the SLD's elements found. */
export interface SldAudit {
  /** Elements the renderer cannot draw, by name (each once). */
  unsupported: string[];
  /** Elements drawn approximately (each once). */
  approximated: string[];
  /** For each Rule in document order (all NamedLayers, UserStyles, FeatureTypeStyles): has an ElseFilter. */
  elseRules: boolean[];
  /** For each Rule in document order: its Name, Title and Abstract (GeoStyler keeps one of them). */
  rules: RuleDescription[];
  /** The number of FeatureTypeStyles (GeoStyler's model keeps their rules, not their drawing order). */
  featureTypeStyles: number;
}

/** Walks the SLD's elements and sorts them into drawn, approximated and unsupported. */
export function auditSld(sld: string): SldAudit | null {
  const { root } = parseXml(sld, { dropWhitespaceText: true });
  if (!root) return null;
  const unsupported = new Set<string>();
  const approximated = new Set<string>();
  const elseRules: boolean[] = [];
  const rules: RuleDescription[] = [];
  let featureTypeStyles = 0;
  const walk = (element: XmlElement, inRasterOrUnknown: boolean, parent: string, inFilter: boolean): void => {
    const name = element.localName;
    if (element.namespaceUri === null || !STYLE_NAMESPACES.has(element.namespaceUri)) {
      // GML inside a filter (a spatial filter's geometry) is reported with the filter itself.
      return;
    }
    if (name === 'FeatureTypeStyle') featureTypeStyles += 1;
    if (name === 'Rule') {
      elseRules.push(element.children.some((c) => c.kind === 'element' && c.localName === 'ElseFilter'));
      rules.push(describeRule(element));
    }
    let stop = inRasterOrUnknown;
    if (!inRasterOrUnknown) {
      if (name === 'VendorOption') {
        const option = getAttribute(element, 'name')?.value ?? '';
        (HINT_VENDOR_OPTIONS.has(option) ? approximated : unsupported).add(`VendorOption ${option}`);
      } else if (!inFilter && (name === 'PropertyName' || ARITHMETIC.has(name)) && !EXPRESSION_PARENTS.has(parent)) {
        // geostyler-sld-parser reads an attribute or arithmetic in a symbolizer's parameter only
        // inside a Function (a Label takes attributes too); elsewhere it drops it without a word.
        unsupported.add(`${name} (in ${parent})`);
        stop = true;
      } else if (name === 'Function') {
        const fn = getAttribute(element, 'name')?.value ?? '';
        if (!FUNCTIONS.has(fn)) unsupported.add(`Function ${fn}`);
      } else if (name in APPROXIMATED) {
        approximated.add(APPROXIMATED[name]);
        // A Geometry made by a function (centroid, vertices…) is not drawn at all.
        if (name === 'Geometry' && element.children.some((c) => c.kind === 'element' && c.localName === 'Function')) {
          unsupported.add('Geometry (a geometry function)');
        }
        stop = name === 'Geometry' || name === 'LegendGraphic';
      } else if (!DRAWN.has(name)) {
        unsupported.add(name);
        // What a RasterSymbolizer, a UserLayer or a spatial filter holds is covered by its name.
        stop = true;
      }
    }
    const filter = inFilter || name === 'Filter';
    for (const child of element.children) if (child.kind === 'element') walk(child, stop, name, filter);
  };
  walk(root, false, '', false);
  return { unsupported: [...unsupported], approximated: [...approximated], elseRules, rules, featureTypeStyles };
}

function describeRule(rule: XmlElement): RuleDescription {
  const children = (element: XmlElement) => element.children.filter((c): c is XmlElement => c.kind === 'element');
  const own = children(rule);
  const description = own.find((c) => c.localName === 'Description');
  const text = (localName: string) => {
    const found = own.find((c) => c.localName === localName) ?? (description && children(description).find((c) => c.localName === localName));
    const value = found?.text.trim();
    return value ? value : undefined;
  };
  return { name: text('Name') ?? '', title: text('Title'), abstract: text('Abstract') };
}
