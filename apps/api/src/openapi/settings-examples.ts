/** Example bodies of the settings operations (contract §10), for the workspace `acme`. */
import type { BodyExample } from './examples';

export const SETTINGS_EXAMPLES = {
  global: {
    xml: '<global><settings><contact><contactPerson>Ada</contactPerson></contact><numDecimals>6</numDecimals></settings></global>',
    json: { global: { settings: { contact: { contactPerson: 'Ada' }, numDecimals: 6 } } },
  },
  contact: {
    xml: '<contact><contactOrganization>Acme</contactOrganization><contactEmail>maps@acme.example</contactEmail></contact>',
    json: { contact: { contactOrganization: 'Acme', contactEmail: 'maps@acme.example' } },
  },
  workspace: {
    xml: '<settings><title>Acme</title><contact><contactOrganization>Acme</contactOrganization></contact></settings>',
    json: { settings: { title: 'Acme', contact: { contactOrganization: 'Acme' } } },
  },
  wms: {
    xml: '<wms><title>Acme maps</title><srs><string>4326</string><string>3857</string></srs><maxRenderingTime>30</maxRenderingTime></wms>',
    json: { wms: { title: 'Acme maps', srs: { string: ['4326', '3857'] }, maxRenderingTime: 30 } },
  },
  wfs: {
    xml: '<wfs><title>Acme features</title><maxFeatures>5000</maxFeatures></wfs>',
    json: { wfs: { title: 'Acme features', maxFeatures: 5000 } },
  },
} satisfies Record<string, BodyExample>;
