import { line, type IconProps } from './line';

// A shield with a tick (custody, a verified bid chain) or a cross (a broken one).
const SHIELD = 'M12 3 5 5.6v5.6c0 4.4 2.9 8.2 7 9.8 4.1-1.6 7-5.4 7-9.8V5.6L12 3Z';

export const ShieldCheckIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d={SHIELD} />
    <path d="m8.8 12 2.3 2.3 4.2-4.6" />
  </svg>
);

export const ShieldCrossIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d={SHIELD} />
    <path d="m9.5 9.5 5 5m0-5-5 5" />
  </svg>
);
