import './skeleton.css';

/** A grey placeholder bar shown where text is still loading; hidden from assistive technology. */
export function Skeleton({ width = '60%' }: { width?: string }) {
  return <span className="skeleton" style={{ width }} aria-hidden="true" />;
}
