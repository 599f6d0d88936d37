import { useId } from 'react';

export interface ListFilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `[value, text]` pairs; the first is usually `['', 'All']`. */
  options: Array<[string, string]>;
}

/** A labelled drop-down filter in a list's toolbar ("Workspace: All"). */
export function ListFilterSelect({ label, value, onChange, options }: ListFilterSelectProps) {
  const id = useId();
  return (
    <span className="list-toolbar__filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </span>
  );
}
