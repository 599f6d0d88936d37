/** The pointer's coordinates under the map (not a live region: it changes on every move). */
export function PointerLine({ text }: { text: string | null }) {
  return (
    <p className="map-pointer">
      <span className="map-pointer__label">Pointer:</span> <span className="map-pointer__value">{text ?? 'move it over the map for its coordinates'}</span>
    </p>
  );
}
