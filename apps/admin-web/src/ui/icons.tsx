import type { ReactNode } from 'react';

/** Small decorative icons, drawn in the current text colour and hidden from assistive technology. */

interface IconProps {
  size?: number;
  className?: string;
}

function Icon({ size = 16, className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** An exclamation mark in a circle: something went wrong. */
export function ErrorIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 4.8v3.6M8 11.2v.01" />
    </Icon>
  );
}

/** A tick in a circle: done. */
export function SuccessIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="8" r="6.5" />
      <path d="m5.3 8.2 1.8 1.8 3.6-3.8" />
    </Icon>
  );
}

/** An "i" in a circle: for your information. */
export function InfoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 7.4v3.8M8 4.8v.01" />
    </Icon>
  );
}
