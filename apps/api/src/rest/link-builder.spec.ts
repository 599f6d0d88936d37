import { LinkBuilder } from './rest-request';

describe('LinkBuilder', () => {
  const links = new LinkBuilder('http://h/geoserver/rest', 'xml');

  it('percent-encodes each segment as encodeURIComponent does, for every ASCII character and plain names alike', () => {
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    for (const name of [...ascii, ...ascii.map((c) => `layer_${c}1`), 'été', '地图', 'a b/c', "a-b_c.d!e~f*g'h(i)j", '']) {
      expect(links.url('workspaces', name, 'layers')).toBe(`http://h/geoserver/rest/workspaces/${encodeURIComponent(name)}/layers`);
    }
  });

  it('adds the format suffix to hrefs', () => {
    expect(links.href('workspaces', 'acme')).toBe('http://h/geoserver/rest/workspaces/acme.xml');
    expect(links.url()).toBe('http://h/geoserver/rest');
  });
});
