import { propertyLines, readLayersProperties, readServicesProperties, writeProperties } from './rules-properties';

const GEOSERVER_LAYERS = `#Thu Nov 27 10:00:00 UTC 2026
# the workspace topp is for its team only
mode=CHALLENGE
*.*.r=*
*.*.w=ROLE_ADMINISTRATOR,GROUP_ADMIN
topp.*.r = ROLE_TOPP, ROLE_AUTHENTICATED
topp.*.a=ROLE_TOPP_ADMIN
pub.roads.r=ROLE_ANONYMOUS
`;

describe('layers.properties', () => {
  it('reads GeoServer’s file, mapping its role names', () => {
    expect(readLayersProperties(GEOSERVER_LAYERS)).toEqual({
      rules: [
        ['mode', 'CHALLENGE'],
        ['*.*.r', '*'],
        ['*.*.w', 'ADMIN,GROUP_ADMIN'],
        ['topp.*.r', 'ROLE_TOPP,AUTHENTICATED'],
        ['topp.*.a', 'ROLE_TOPP_ADMIN'],
        ['pub.roads.r', 'ANONYMOUS'],
      ],
      problems: [],
    });
  });

  it('reports lines that are no rule and reads the others', () => {
    const read = readLayersProperties('mode=OPEN\ntopp.states.x=ROLE_A\n*.states.r=ROLE_A\ntopp.*.r=ROLE_A\n');
    expect(read.rules).toEqual([['topp.*.r', 'ROLE_A']]);
    expect(read.problems).toHaveLength(3);
  });

  it('writes the same bytes for the same rules, and reads back what it wrote', () => {
    const { rules } = readLayersProperties(GEOSERVER_LAYERS);
    const text = writeProperties(rules);
    expect(text).toBe(
      'mode=CHALLENGE\n*.*.r=*\n*.*.w=ROLE_ADMINISTRATOR,GROUP_ADMIN\ntopp.*.r=ROLE_TOPP,ROLE_AUTHENTICATED\ntopp.*.a=ROLE_TOPP_ADMIN\npub.roads.r=ROLE_ANONYMOUS\n',
    );
    expect(writeProperties(readLayersProperties(text).rules)).toBe(text);
  });

  it('reads Java properties syntax: colons, comments, continuations, CRLF', () => {
    expect(propertyLines('! comment\r\na.b.r : ROLE_A,\\\r\n   ROLE_B\r\n\r\nc.d.w ROLE_C')).toEqual([
      ['a.b.r', 'ROLE_A,ROLE_B'],
      ['c.d.w', 'ROLE_C'],
    ]);
  });
});

describe('services.properties', () => {
  it('reads and writes service rules', () => {
    const read = readServicesProperties('WMS.GetMap=ROLE_MAPS\nfeatures.*=ROLE_ANONYMOUS\nbad=ROLE_A\n');
    expect(read.rules).toEqual([
      ['wms.GetMap', 'ROLE_MAPS'],
      ['features.*', 'ANONYMOUS'],
    ]);
    expect(read.problems).toHaveLength(1);
    expect(writeProperties(read.rules)).toBe('wms.GetMap=ROLE_MAPS\nfeatures.*=ROLE_ANONYMOUS\n');
  });
});
