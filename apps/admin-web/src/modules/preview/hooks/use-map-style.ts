import { useEffect, useState } from 'react';
import { sldToMapStyle, type MapStyle } from '../sld-to-map-style';

/**
 * The map style of an SLD text, converted again a moment after the text stops changing (typing in
 * the editor must stay smooth). Keeps the last good style while a newer text is converted.
 */
export function useMapStyle(sld: string | undefined, delayMs = 0) {
  const [result, setResult] = useState<{ sld: string; style: MapStyle } | null>(null);
  useEffect(() => {
    if (sld === undefined) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void sldToMapStyle(sld).then((style) => {
        if (!cancelled) setResult({ sld, style });
      });
    }, delayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sld, delayMs]);
  return { mapStyle: result?.style ?? null, converting: sld !== undefined && result?.sld !== sld };
}
