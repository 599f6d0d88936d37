import { Link, type LinkProps } from 'react-router-dom';
import type { ButtonVariant } from './button';
import { classNames } from './class-names';
import './button.css';

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  small?: boolean;
}

/** A router link drawn as a button: for actions that navigate ("New data store", "Preview"). */
export function LinkButton({ variant = 'secondary', small = false, className, ...link }: LinkButtonProps) {
  return <Link className={classNames('btn', `btn--${variant}`, small && 'btn--small', className)} {...link} />;
}
