import { drawLegendIcon } from '@geocatalog/map-render';
import { useEffect, useMemo, useRef } from 'react';
import type { StyleRef } from '../../../api';
import { Skeleton } from '../../../ui';
import { useMapStyle } from '../hooks/use-map-style';
import { useStyleSld } from '../hooks/use-style-sld';
import { legendEntries } from '../sld-to-map-style';
import './legend.css';

/** Icons shown side by side at most: a thumbnail, not the legend. */
const MAX_ICONS = 4;
const SIZE = 20;

/**
 * A style's legend as a thumbnail: the first rules' icons, drawn from the stored SLD by
 * libs/map-render — the icons GetLegendGraphic draws — without any layer (a style no layer uses
 * has one too). Its text names the rules for screen readers.
 */
export default function StyleLegendThumbnail({ style }: { style: StyleRef }) {
  const sld = useStyleSld(style);
  const { mapStyle } = useMapStyle(sld.data);
  const entries = useMemo(() => (mapStyle?.compiled ? legendEntries(mapStyle.compiled) : []), [mapStyle]);
  const ref = useRef<HTMLCanvasElement>(null);
  const shown = useMemo(() => entries.slice(0, MAX_ICONS), [entries]);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || shown.length === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = SIZE * shown.length * ratio;
    canvas.height = SIZE * ratio;
    let cancelled = false;
    void (async () => {
      for (const [index, entry] of shown.entries()) {
        const icon = document.createElement('canvas');
        icon.width = SIZE * ratio;
        icon.height = SIZE * ratio;
        await drawLegendIcon(icon, entry, { width: SIZE, height: SIZE, pixelRatio: ratio }).catch(() => undefined);
        if (cancelled) return;
        canvas.getContext('2d')?.drawImage(icon, index * SIZE * ratio, 0);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [shown]);

  if (sld.error || mapStyle?.errors.length) return <span className="table__muted">No legend</span>;
  if (!mapStyle) return <Skeleton width="48px" />;
  if (shown.length === 0) return <span className="table__muted">No rules</span>;
  return (
    <canvas
      ref={ref}
      className="legend-thumbnail"
      width={SIZE * shown.length}
      height={SIZE}
      style={{ width: SIZE * shown.length, height: SIZE }}
      role="img"
      aria-label={`Legend: ${entries.map((e) => e.title || e.kinds.join(', ').toLowerCase()).join('; ')}`}
    />
  );
}
