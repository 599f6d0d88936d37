/**
 * What a data-directory exchange holds (contract §8): what the api writes into an export and reads
 * from an import, and what the `geocatalog` CLI unpacks from one and sends back. Declared once so
 * that a file the server exchanges is never one the CLI leaves behind.
 */

/** The folders of records: an export replaces each as a whole, so records deleted from the catalog disappear. */
export const RECORD_FOLDERS: readonly string[] = ['workspaces', 'styles', 'layergroups'];

/** The data rules and the service rules, GeoServer's files (contract §12). */
export const RULE_FILES = { data: 'security/layers.properties', services: 'security/services.properties' } as const;

/** The files outside {@link RECORD_FOLDERS}: the global settings, the global WMS and WFS settings, the rules. */
export const EXCHANGE_FILES: readonly string[] = ['global.xml', 'wms.xml', 'wfs.xml', RULE_FILES.data, RULE_FILES.services];

/**
 * The folder an import reads whole: beside the rules, GeoServer's keystore there decrypts a store's
 * `crypt1:` password. An export writes only the rule files into it.
 */
export const SECURITY_FOLDER = 'security';
