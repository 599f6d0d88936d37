import type { ReactNode } from 'react';
import { Button } from '../../../ui';

/** A rule's roles (when given) with its Edit and Delete buttons, each named after the rule (`rule topp.*.r`). */
export function RuleActions({ what, children, onEdit, onDelete }: { what: string; children?: ReactNode; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="security-actions">
      {children}
      <Button small variant="ghost" onClick={onEdit} aria-label={`Edit ${what}`}>
        Edit
      </Button>
      <Button small variant="ghost" onClick={onDelete} aria-label={`Delete ${what}`}>
        Delete
      </Button>
    </span>
  );
}
