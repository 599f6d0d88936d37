import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type { Geometry } from 'ol/geom';
import { toContext } from 'ol/render';
import Style from 'ol/style/Style';
import { useEffect, useRef } from 'react';
import { legendStyle, type LegendEntry } from '../sld-to-map-style';
import './legend.css';

const SIZE = 22;

/** A sample geometry, in swatch pixels, for what a rule draws. */
function sampleGeometry(kinds: string[]): Geometry {
  if (kinds.includes('Fill'))
    return new Polygon([
      [
        [3, 3],
        [SIZE - 3, 3],
        [SIZE - 3, SIZE - 3],
        [3, SIZE - 3],
        [3, 3],
      ],
    ]);
  if (kinds.includes('Line'))
    return new LineString([
      [2, SIZE - 5],
      [8, 6],
      [14, SIZE - 7],
      [SIZE - 2, 5],
    ]);
  return new Point([SIZE / 2, SIZE / 2]);
}

/** One rule's swatch, drawn by OpenLayers with the same style as the map. */
function Swatch({ entry }: { entry: LegendEntry }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    void legendStyle(entry).then((styleLike) => {
      const canvas = ref.current;
      const context = canvas?.getContext('2d');
      if (cancelled || !canvas || !context || !styleLike) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = SIZE * ratio;
      canvas.height = SIZE * ratio;
      const geometry = sampleGeometry(entry.kinds);
      const feature = new Feature({ geometry });
      const resolved = typeof styleLike === 'function' ? styleLike(feature, 1) : styleLike;
      const styles = (Array.isArray(resolved) ? resolved : [resolved]).filter((s): s is Style => s instanceof Style);
      const render = toContext(context, { size: [SIZE, SIZE], pixelRatio: ratio });
      for (const style of styles) {
        render.setStyle(style);
        render.drawGeometry((style.getGeometryFunction()(feature) as Geometry) ?? geometry);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [entry]);
  return <canvas ref={ref} className="legend__swatch" width={SIZE} height={SIZE} aria-hidden="true" />;
}

/** The legend: a swatch and a title per rule of the style. */
export function Legend({ entries }: { entries: LegendEntry[] }) {
  if (entries.length === 0) return <p className="legend__empty">The style has no rules.</p>;
  return (
    <ul className="legend" aria-label="Legend">
      {entries.map((entry, index) => (
        <li key={`${index}-${entry.title}`} className="legend__item">
          <Swatch entry={entry} />
          <span>{entry.title}</span>
          <span className="visually-hidden"> ({entry.kinds.join(', ').toLowerCase()})</span>
        </li>
      ))}
    </ul>
  );
}
