import { toJson } from './json-writer';
import { dbl, doc, entries, javaDouble, link, list, LINK_FIELD, obj, textWithAttrs } from '@geocatalog/catalog-model';
import { toXml } from './xml-writer';

describe('javaDouble', () => {
  it.each([
    [0, '0.0'],
    [-74.0118315772888, '-74.0118315772888'],
    [1, '1.0'],
    [-180, '-180.0'],
    [0.001, '0.001'],
    [0.0001, '1.0E-4'],
    [12345678, '1.2345678E7'],
    [9999999, '9999999.0'],
    [-0.00025, '-2.5E-4'],
  ])('%s → %s', (value, expected) => expect(javaDouble(value)).toBe(expected));
});

describe('XML and JSON writers', () => {
  const sample = doc(
    'thing',
    obj([
      ['name', 'a&b'],
      ['_default', false],
      ['count', 3],
      [
        'box',
        obj([
          ['minx', dbl(-1)],
          ['crs', textWithAttrs('EPSG:26913', [['class', 'projected']])],
        ]),
      ],
      ['params', entries([['host', 'h']])],
      ['tags', list('string', ['x', 'y'])],
      ['none', list('string', [])],
      ['styles', list('style', [obj([['name', 's']])], { attrs: [['class', 'linked-hash-set']] })],
      [
        'store',
        obj(
          [
            ['name', 'ws:ds'],
            [LINK_FIELD, link('http://h/ds.xml', 'application/xml')],
          ],
          [['class', 'dataStore']],
        ),
      ],
      ['featureTypes', link('http://h/fts.xml', 'application/xml')],
      ['absent', undefined],
    ]),
  );

  it('writes XStream-shaped XML', () => {
    expect(toXml(sample)).toBe(
      [
        '<thing>',
        '  <name>a&amp;b</name>',
        '  <__default>false</__default>',
        '  <count>3</count>',
        '  <box>',
        '    <minx>-1.0</minx>',
        '    <crs class="projected">EPSG:26913</crs>',
        '  </box>',
        '  <params>',
        '    <entry key="host">h</entry>',
        '  </params>',
        '  <tags>',
        '    <string>x</string>',
        '    <string>y</string>',
        '  </tags>',
        '  <none/>',
        '  <styles class="linked-hash-set">',
        '    <style>',
        '      <name>s</name>',
        '    </style>',
        '  </styles>',
        '  <store class="dataStore">',
        '    <name>ws:ds</name>',
        '    <atom:link xmlns:atom="http://www.w3.org/2005/Atom" rel="alternate" href="http://h/ds.xml" type="application/xml"/>',
        '  </store>',
        '  <featureTypes>',
        '    <atom:link xmlns:atom="http://www.w3.org/2005/Atom" rel="alternate" href="http://h/fts.xml" type="application/xml"/>',
        '  </featureTypes>',
        '</thing>',
      ].join('\n'),
    );
  });

  it('writes Jettison-shaped JSON', () => {
    expect(JSON.parse(toJson(sample))).toEqual({
      thing: {
        name: 'a&b',
        _default: false,
        count: 3,
        box: { minx: -1, crs: { '@class': 'projected', $: 'EPSG:26913' } },
        params: { entry: [{ '@key': 'host', $: 'h' }] },
        tags: { string: ['x', 'y'] },
        none: '',
        styles: { '@class': 'linked-hash-set', style: [{ name: 's' }] },
        store: { '@class': 'dataStore', name: 'ws:ds', href: 'http://h/ds.xml' },
        featureTypes: 'http://h/fts.xml',
      },
    });
  });
});
