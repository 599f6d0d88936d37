import type { DocumentIssue } from '@geocatalog/catalog-model';
import { validateAgainstGrammar } from '../schema/schema-validator';
import { quote } from '../xml/xml-chars';
import { decodeXml } from '../xml/xml-decode';
import { parseRootElement, parseXml } from '../xml/xml-parser';
import { getAttribute, type XmlElement } from '../xml/xml-tree';
import { sldGrammar, type SldVersion } from './sld-grammars';
import { createStyleRuleChecker } from './style-rules';

export type { SldVersion } from './sld-grammars';

/** Namespace of the `StyledLayerDescriptor` root, the same in SLD 1.0.0 and 1.1.0. */
export const SLD_NAMESPACE = 'http://www.opengis.net/sld';

/** Issues reported at most, all layers together, so a hostile document gives a short list. */
const MAX_ISSUES = 100;

/** {@link SldVersion} as a list, in release order. */
export const SLD_VERSIONS: readonly SldVersion[] = ['1.0.0', '1.1.0'];

/**
 * Issue codes of the SLD root checks. Stable. A result's issues carry these, the XML layer's
 * `XmlIssueCode`s (well-formedness and safety), the schema layer's `SchemaIssueCode`s, and the
 * `StyleRuleCode`s of the checks beyond the schemas.
 * - `wrong-root`: the root element is not `StyledLayerDescriptor`.
 * - `wrong-namespace`: the root is `StyledLayerDescriptor` but not in {@link SLD_NAMESPACE}.
 * - `missing-version`: the root has no `version` attribute.
 * - `unsupported-version`: the `version` attribute is not one of {@link SLD_VERSIONS}.
 * - `internal-error`: validation itself failed (a bug), reported instead of thrown.
 */
export type SldIssueCode = 'wrong-root' | 'wrong-namespace' | 'missing-version' | 'unsupported-version' | 'internal-error';

/** What {@link validateSld} returns. */
export interface SldValidationResult {
  /** True when there are no issues. */
  valid: boolean;
  /**
   * The version the root declares, when the root is an SLD `StyledLayerDescriptor` with a supported
   * version; set even if the rest of the document is broken, `null` otherwise.
   */
  version: SldVersion | null;
  /** Every problem found, in document order. */
  issues: DocumentIssue[];
}

/**
 * Validates an SLD document: well-formedness (with XML's safety rules: no DOCTYPE, no entities
 * beyond the predefined ones), the root `StyledLayerDescriptor` in {@link SLD_NAMESPACE} with a
 * `version` of 1.0.0 or 1.1.0, then the whole document against that version's official schemas
 * (SLD 1.0.0 + Filter 1.0.0, or SLD 1.1.0 + SE 1.1.0 + Filter 1.1.0) extended with GeoServer's
 * vendor extensions, and the checks the schemas cannot make (parameter names, colours, opacities,
 * sizes, links that would read local files). Never throws.
 *
 * @param input the document as text, or as bytes to be decoded by its byte-order mark or XML
 *   declaration (`decodeXml`); bytes are what an upload carries, and only they can reveal an
 *   encoding error.
 */
export function validateSld(input: string | Uint8Array): SldValidationResult {
  try {
    return validate(input);
  } catch {
    return {
      valid: false,
      version: null,
      issues: [sldIssue('internal-error', { line: 1, column: 1 }, 'SLD validation failed unexpectedly')],
    };
  }
}

/**
 * Reads the SLD version from the root's start tag without parsing the rest of the document.
 * @returns the version when the root is an SLD `StyledLayerDescriptor` with a supported `version`,
 *   `null` otherwise (including when the document is not well-formed up to the root).
 */
export function detectSldVersion(text: string): SldVersion | null {
  try {
    const root = parseRootElement(text);
    return root === null ? null : versionOf(root);
  } catch {
    return null;
  }
}

function validate(input: string | Uint8Array): SldValidationResult {
  let text: string;
  const issues: DocumentIssue[] = [];
  if (typeof input === 'string') {
    text = input;
  } else {
    const decoded = decodeXml(input);
    issues.push(...decoded.issues);
    if (decoded.text === null) return { valid: false, version: null, issues };
    text = decoded.text;
  }

  // Indentation is of no use to validation; leaving it out of the tree saves a third of the parse.
  const parsed = parseXml(text, { dropWhitespaceText: true });
  issues.push(...parsed.issues);
  // Encoding and XML issues come from two passes; merge them into document order.
  issues.sort((a, b) => a.line - b.line || a.column - b.column);
  if (parsed.root === null) {
    // Still say which version the broken document claims, for the caller's message.
    return { valid: false, version: detectSldVersion(text), issues };
  }

  const rootIssue = checkRoot(parsed.root);
  const version = versionOf(parsed.root);
  if (rootIssue !== null || version === null) {
    if (rootIssue !== null) issues.push(rootIssue);
    return { valid: false, version, issues };
  }
  // One walk over the tree: the checks beyond the schemas ride along the schema validation.
  const rules = createStyleRuleChecker(MAX_ISSUES);
  const schemaIssues = validateAgainstGrammar(parsed.root, sldGrammar(version), { maxIssues: MAX_ISSUES, visit: rules.visit });
  const ruleIssues = rules.issues;
  // Each pass reports in document order; merge them (a stable sort keeps encoding issues first at one position).
  const all = [...issues, ...schemaIssues, ...ruleIssues].sort((a, b) => a.line - b.line || a.column - b.column).slice(0, MAX_ISSUES);
  return { valid: all.length === 0, version, issues: all };
}

function isSldRoot(root: XmlElement): boolean {
  return root.localName === 'StyledLayerDescriptor' && root.namespaceUri === SLD_NAMESPACE;
}

function versionOf(root: XmlElement): SldVersion | null {
  if (!isSldRoot(root)) return null;
  const version = getAttribute(root, 'version')?.value;
  return SLD_VERSIONS.find((known) => known === version) ?? null;
}

/** @returns the problem with the root element (name, namespace, version), or `null`. */
function checkRoot(root: XmlElement): DocumentIssue | null {
  if (root.localName !== 'StyledLayerDescriptor') {
    return sldIssue('wrong-root', root, `The root element must be 'StyledLayerDescriptor' but is ${quote(root.qualifiedName)}`);
  }
  if (root.namespaceUri !== SLD_NAMESPACE) {
    const actual = root.namespaceUri === null ? 'in no namespace' : `in namespace ${quote(root.namespaceUri)}`;
    return sldIssue('wrong-namespace', root, `'StyledLayerDescriptor' must be in namespace '${SLD_NAMESPACE}' but is ${actual}`);
  }
  const version = getAttribute(root, 'version');
  if (version === undefined) {
    return sldIssue('missing-version', root, "'StyledLayerDescriptor' must have a version attribute, '1.0.0' or '1.1.0'");
  }
  if (!SLD_VERSIONS.some((known) => known === version.value)) {
    return sldIssue('unsupported-version', version, `SLD version ${quote(version.value, 20)} is not supported; use '1.0.0' or '1.1.0'`);
  }
  return null;
}

function sldIssue(code: SldIssueCode, at: { line: number; column: number }, message: string): DocumentIssue {
  return { line: at.line, column: at.column, code, message };
}
