export { parseXml, type ParseXmlOptions } from './xml/xml-parser';
export { decodeXml, type DecodedXml } from './xml/xml-decode';
export {
  getAttribute,
  XML_NAMESPACE,
  XMLNS_NAMESPACE,
  type XmlAttribute,
  type XmlDeclaration,
  type XmlElement,
  type XmlIssueCode,
  type XmlNamespaceDeclaration,
  type XmlNode,
  type XmlParseResult,
  type XmlText,
} from './xml/xml-tree';
export { detectSldVersion, SLD_NAMESPACE, SLD_VERSIONS, validateSld, type SldIssueCode, type SldValidationResult, type SldVersion } from './sld/sld-validation';
export { SCHEMA_ISSUE_CODES, type SchemaIssueCode } from './schema/schema-validator';
export { STYLE_RULE_CODES, type StyleRuleCode } from './sld/style-rules';
