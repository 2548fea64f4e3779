/** Pehchaan's mark: a shield in the tricolour with a check, as an inline SVG (no font needed). */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="pehchaan-tricolour" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="0.5" stopColor="#fb923c" />
          <stop offset="0.5" stopColor="#16a34a" />
          <stop offset="1" stopColor="#15803d" />
        </linearGradient>
      </defs>
      <path
        d="M16 2 4 6.5v8.2C4 22.3 9.1 27.9 16 30c6.9-2.1 12-7.7 12-15.3V6.5Z"
        fill="url(#pehchaan-tricolour)"
      />
      <path
        d="m10.5 16.2 3.8 3.8 7.4-7.6"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
