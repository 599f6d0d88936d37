import { useClickedValue } from '../../../ui';

/**
 * A checkbox per choice (a role, a group, a member), checked for those `held`; each box is named
 * by `label` (`Role EDITOR for ed`), and a click says which choice and whether it is now on. A
 * clicked box shows its new state at once, until `held` is read again.
 */
export function Choices({
  all,
  held,
  label,
  onChange,
}: {
  all: readonly string[];
  held: readonly string[];
  label: (name: string) => string;
  onChange: (name: string, on: boolean) => void;
}) {
  const [shown, setShown] = useClickedValue(held, held);
  if (all.length === 0) return <span className="table__muted">none</span>;
  return (
    <span className="security-choices">
      {all.map((name) => (
        <label key={name} className="security-choices__item">
          <input
            type="checkbox"
            checked={shown.includes(name)}
            aria-label={label(name)}
            onChange={(e) => {
              const on = e.target.checked;
              setShown(on ? [...shown, name] : shown.filter((n) => n !== name));
              onChange(name, on);
            }}
          />
          {name}
        </label>
      ))}
    </span>
  );
}
