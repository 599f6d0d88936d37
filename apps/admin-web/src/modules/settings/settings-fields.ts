import { PROXY_BASE_URL } from '@geocatalog/catalog-model';
import type { SettingValue, SettingValues } from '../../api';

/** One setting as the page shows it: its element name, label, kind and the check it must pass. */
export interface SettingField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'switch' | 'list';
  hint?: string;
  /** Whole numbers: the smallest and largest taken. */
  min?: number;
  max?: number;
  /** A text's check: the problem, or null when it is fine (an empty text always is). */
  check?: (text: string) => string | null;
}

/** The server's global settings (`/rest/settings`); contact is a card of its own. */
export const GLOBAL_FIELDS: SettingField[] = [
  {
    key: 'proxyBaseUrl',
    label: 'Proxy base URL',
    kind: 'text',
    hint: 'The public address every link starts with, e.g. https://maps.example.org/geoserver. Empty: the address the request came to.',
    check: (text) => (PROXY_BASE_URL.test(text) ? null : 'Enter an absolute http or https URL without a query, e.g. https://maps.example.org/geoserver.'),
  },
  { key: 'numDecimals', label: 'Number of decimals', kind: 'number', min: 0, max: 17 },
  { key: 'charset', label: 'Character set', kind: 'text' },
  { key: 'onlineResource', label: 'Online resource', kind: 'text' },
  { key: 'verbose', label: 'Verbose messages', kind: 'switch' },
  { key: 'verboseExceptions', label: 'Verbose exception reports', kind: 'switch' },
];

/** The contact (`/rest/settings/contact`). */
export const CONTACT_FIELDS: SettingField[] = [
  { key: 'contactPerson', label: 'Contact person', kind: 'text' },
  { key: 'contactPosition', label: 'Position', kind: 'text' },
  { key: 'contactOrganization', label: 'Organization', kind: 'text' },
  { key: 'contactEmail', label: 'Email', kind: 'text' },
  { key: 'contactVoice', label: 'Telephone', kind: 'text' },
  { key: 'contactFacsimile', label: 'Fax', kind: 'text' },
  { key: 'address', label: 'Address', kind: 'text' },
  { key: 'addressCity', label: 'City', kind: 'text' },
  { key: 'addressState', label: 'State or province', kind: 'text' },
  { key: 'addressPostalCode', label: 'Postal code', kind: 'text' },
  { key: 'addressCountry', label: 'Country', kind: 'text' },
  { key: 'onlineResource', label: 'Contact web address', kind: 'text' },
];

/** WMS settings (`/rest/services/wms/settings`, or a workspace's own). */
export const WMS_FIELDS: SettingField[] = [
  { key: 'enabled', label: 'WMS enabled', kind: 'switch' },
  { key: 'title', label: 'Title', kind: 'text' },
  // GeoServer's element name for the abstract.
  { key: 'abstrct', label: 'Abstract', kind: 'text' },
  { key: 'keywords', label: 'Keywords', kind: 'list', hint: 'Separated by commas.' },
  { key: 'srs', label: 'CRS list', kind: 'list', hint: 'EPSG codes separated by commas, e.g. 4326, 3857. Empty: every CRS.' },
  { key: 'maxRequestMemory', label: 'Max request memory (KiB)', kind: 'number', min: 0, hint: '0: no limit.' },
  { key: 'maxRenderingTime', label: 'Max rendering time (s)', kind: 'number', min: 0, hint: '0: no limit.' },
  { key: 'maxRenderingErrors', label: 'Max rendering errors', kind: 'number', min: 0, hint: '0: no limit.' },
  { key: 'fees', label: 'Fees', kind: 'text' },
  { key: 'accessConstraints', label: 'Access constraints', kind: 'text' },
];

/** What a form holds: every field as the text (or switch) the user sees. */
export type Draft = Record<string, string | boolean>;

/** The stored values as a draft. */
export function draftOf(fields: SettingField[], values: SettingValues | undefined): Draft {
  const draft: Draft = {};
  for (const f of fields) {
    const v: SettingValue | undefined = values?.[f.key];
    if (f.kind === 'switch') draft[f.key] = v === true;
    else if (f.kind === 'list') draft[f.key] = Array.isArray(v) ? v.join(', ') : '';
    else draft[f.key] = v === null || v === undefined ? '' : String(v);
  }
  return draft;
}

/** Each field's problem (none: an empty map). */
export function problemsOf(fields: SettingField[], draft: Draft): Map<string, string> {
  const problems = new Map<string, string>();
  for (const f of fields) {
    const v = draft[f.key];
    if (typeof v !== 'string') continue;
    const text = v.trim();
    if (f.kind === 'number') {
      const n = Number(text);
      const range = f.max !== undefined ? `from ${f.min ?? 0} to ${f.max}` : `of at least ${f.min ?? 0}`;
      if (!/^\d+$/.test(text) || n < (f.min ?? 0) || (f.max !== undefined && n > f.max)) problems.set(f.key, `Enter a whole number ${range}.`);
    } else if (text && f.check) {
      const problem = f.check(text);
      if (problem) problems.set(f.key, problem);
    }
  }
  return problems;
}

/** The values a save sends: texts trimmed (empty clears), numbers, switches, lists split on commas. */
export function valuesOf(fields: SettingField[], draft: Draft): SettingValues {
  const values: SettingValues = {};
  for (const f of fields) {
    const v = draft[f.key];
    if (typeof v === 'boolean') values[f.key] = v;
    else if (f.kind === 'number') values[f.key] = Number(v.trim());
    else if (f.kind === 'list')
      values[f.key] = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else values[f.key] = v.trim();
  }
  return values;
}
