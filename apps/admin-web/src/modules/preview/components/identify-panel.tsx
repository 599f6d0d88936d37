import type { IdentifiedFeature } from './layer-map';
import './identify-panel.css';

/** Shows the attributes of the features clicked on the map (or a hint before the first click). */
export function IdentifyPanel({ features }: { features: IdentifiedFeature[] | null }) {
  return (
    <div className="identify" aria-live="polite">
      {features === null ? (
        <p className="identify__hint">Click a feature on the map (or focus the map and press Enter) to read its attributes.</p>
      ) : features.length === 0 ? (
        <p className="identify__hint">Nothing there. Click on a feature.</p>
      ) : (
        <>
          <p className="identify__count">{features.length === 1 ? '1 feature' : `${features.length} features`} here</p>
          {features.slice(0, 10).map((feature, index) => (
            <section key={`${feature.id}-${index}`} className="identify__feature" aria-label={`Feature ${feature.id || index + 1}`}>
              <h3 className="identify__id">{feature.id || `Feature ${index + 1}`}</h3>
              <dl className="identify__attributes">
                {Object.entries(feature.properties).map(([name, value]) => (
                  <div key={name} className="identify__row">
                    <dt>{name}</dt>
                    <dd>{formatValue(value)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
