import type { InputHTMLAttributes } from 'react';
import { classNames } from './class-names';
import './switch.css';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Visible text of the switch, or its accessible name when `labelHidden`. */
  label: string;
  labelHidden?: boolean;
}

/** An on/off switch: a checkbox with `role="switch"`, so it is announced as "on" or "off". */
export function Switch({ label, labelHidden = false, className, ...input }: SwitchProps) {
  return (
    <label className={classNames('switch', className)}>
      <input type="checkbox" role="switch" className="switch__input" {...input} />
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className={labelHidden ? 'visually-hidden' : 'switch__label'}>{label}</span>
    </label>
  );
}
