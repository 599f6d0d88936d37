// What the renderer draws of every valid style of the shared SLD corpus (/work/shared/sld-corpus):
// each compiled by libs/map-render and drawn here on Skia over a polygon, a line and a point, in one
// loop; the outcome is compared with the table in libs/map-render/README.md ("Measured over the
// corpus"), which lists what is drawn and what GetMap refuses. Run with UPDATE_CORPUS_TABLE=1 to
// write the table after a change to what the renderer supports.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileSld, drawMap, type DrawFeature } from '@geocatalog/map-render';
import { createMapCanvas } from './map-canvas';

const CORPUS = path.resolve(__dirname, '../../../../../../shared/sld-corpus/valid');
const README = path.resolve(__dirname, '../../../../../libs/map-render/README.md');

const SAMPLES: DrawFeature[] = [
  {
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [10, 10],
          [60, 10],
          [60, 60],
          [10, 60],
          [10, 10],
        ],
      ],
    },
    properties: { name: 'A polygon' },
  },
  {
    geometry: {
      type: 'LineString',
      coordinates: [
        [0, 80],
        [100, 90],
      ],
    },
    properties: { name: 'A line' },
  },
  { geometry: { type: 'Point', coordinates: [80, 30] }, properties: { name: 'A point' } },
];
const START = '<!-- corpus-table:start -->';
const END = '<!-- corpus-table:end -->';

/** One table row per corpus file: drawn or not, what is unsupported and approximated. */
async function corpusTable(): Promise<string> {
  const rows = ['| style | drawn | unsupported (GetMap refuses) | approximated |', '|---|---|---|---|'];
  for (const file of readdirSync(CORPUS)
    .filter((name) => name.endsWith('.sld'))
    .sort()) {
    const result = await compileSld(readFileSync(path.join(CORPUS, file), 'utf8'));
    if (result.style) {
      // Every style that compiles draws without throwing (over features its filters may not match).
      const canvas = createMapCanvas(100, 100);
      await drawMap(canvas, {
        width: 100,
        height: 100,
        bbox: [0, 0, 100, 100],
        scaleDenominator: 10_000,
        layers: [{ style: result.style, features: SAMPLES }],
      });
    }
    const verdict = result.errors.length ? `error: ${result.errors.join('; ')}` : result.unsupported.length ? 'no' : 'yes';
    const cell = (items: string[]) => items.map((item) => item.replace(/\|/g, '\\|')).join('; ') || '—';
    rows.push(`| ${file} | ${verdict.replace(/\|/g, '\\|')} | ${cell(result.unsupported)} | ${cell(result.approximated)} |`);
  }
  return rows.join('\n');
}

describe('the shared SLD corpus through compileSld', () => {
  it('draws what README.md says, and reports the rest by element name', async () => {
    const table = await corpusTable();
    const readme = readFileSync(README, 'utf8');
    const current = readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END)).trim();
    if (process.env.UPDATE_CORPUS_TABLE) {
      writeFileSync(README, `${readme.slice(0, readme.indexOf(START) + START.length)}\n${table}\n${readme.slice(readme.indexOf(END))}`);
      return;
    }
    expect(current).toBe(table);
  });
});
