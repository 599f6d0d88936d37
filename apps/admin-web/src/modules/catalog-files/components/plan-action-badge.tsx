import type { PlanAction } from '../../../api';
import { classNames } from '../../../ui';
import './plan-action-badge.css';

/** A glyph per action, so actions differ by shape as well as by colour. */
const GLYPHS: Record<PlanAction, string> = {
  create: '+',
  update: '~',
  delete: '−',
  unchanged: '=',
  skip: '↷',
  error: '!',
};

/** An action of a plan as a coloured label: `+ create`, `− delete`, `! error`. */
export function PlanActionBadge({ action, count }: { action: PlanAction; count?: number }) {
  return (
    <span className={classNames('plan-action', `plan-action--${action}`)}>
      <span className="plan-action__glyph" aria-hidden="true">
        {GLYPHS[action]}
      </span>
      {count === undefined ? action : `${count} ${action}`}
    </span>
  );
}
