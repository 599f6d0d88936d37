import { drawLegendIcon, type LegendEntry } from '@geocatalog/map-render';
import { useEffect, useRef } from 'react';
import './legend.css';

const SIZE = 22;

/** One rule's swatch, drawn by OpenLayers with the same style as the map and the server's legend. */
function Swatch({ entry }: { entry: LegendEntry }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = SIZE * ratio;
    canvas.height = SIZE * ratio;
    // The same icon GetLegendGraphic draws (libs/map-render), at the screen's pixel ratio.
    void drawLegendIcon(canvas, entry, { width: SIZE, height: SIZE, pixelRatio: ratio }).catch(() => undefined);
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
