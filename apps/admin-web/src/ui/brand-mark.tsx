/** The product's mark: stacked map layers on the brand colour. Decorative. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
      <path d="M8 12l8-4 8 4-8 4z" fill="var(--color-on-brand)" />
      <path d="M8 16l8 4 8-4M8 20l8 4 8-4" fill="none" stroke="var(--color-on-brand)" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
