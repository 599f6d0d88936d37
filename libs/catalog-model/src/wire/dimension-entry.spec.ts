import { entriesFrom } from './read';
import { nodesFromJson } from './node';
import { toJettison } from './jettison';
import { entries } from './representation';
import { dimensionOf, metadataValueRep } from './dimension-entry';

const tooDeep = () => new Error('too deep');

describe('a time dimension in metadata', () => {
  // As GeoServer's REST API takes and writes it in JSON.
  const sent = {
    entry: [
      { '@key': 'time', dimensionInfo: { enabled: true, attribute: 'opened', presentation: 'LIST', units: 'ISO8601', defaultValue: { strategy: 'MINIMUM' } } },
      { '@key': 'cachingEnabled', $: 'false' },
    ],
  };

  it('is read from JSON into its JSON text, beside plain entries', () => {
    const [node] = nodesFromJson('metadata', sent, 10, tooDeep);
    const pairs = entriesFrom(node, 'metadata');
    expect(pairs).toEqual([
      ['time', '{"dimensionInfo":{"enabled":"true","attribute":"opened","presentation":"LIST","units":"ISO8601","defaultValue":{"strategy":"MINIMUM"}}}'],
      ['cachingEnabled', 'false'],
    ]);
    expect(dimensionOf(pairs[0][1])).toEqual({
      enabled: 'true',
      attribute: 'opened',
      presentation: 'LIST',
      units: 'ISO8601',
      defaultValue: { strategy: 'MINIMUM' },
    });
    expect(dimensionOf(pairs[1][1])).toBeUndefined();
  });

  it('is written back in JSON as it was sent (booleans typed)', () => {
    const [node] = nodesFromJson('metadata', sent, 10, tooDeep);
    const rep = entries(entriesFrom(node, 'metadata').map(([k, v]) => [k, metadataValueRep(v)]));
    expect(toJettison(rep)).toEqual(sent);
  });

  it('leaves a text that merely looks like one as text', () => {
    expect(metadataValueRep('{"dimensionInfo": oops')).toBe('{"dimensionInfo": oops');
    expect(dimensionOf('{"dimensionInfo":[1]}')).toBeUndefined();
  });
});
