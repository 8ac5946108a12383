// The shell's few icons, drawn here in a line or two each: the icon package's detailed
// outlines weigh more than the rest of the tab bar, and every page waits for the shell.
const line = {
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const HomeIcon = () => (
  <svg {...line}>
    <path d="M3.5 10.5 12 4l8.5 6.5M5.5 9v10.5h13V9M10 19.5v-5h4v5" />
  </svg>
);

export const GridIcon = () => (
  <svg {...line}>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </svg>
);

export const MemberIcon = () => (
  <svg {...line}>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20c.8-3.9 3.8-6 7.5-6s6.7 2.1 7.5 6" />
  </svg>
);

export const BackIcon = () => (
  <svg {...line} strokeWidth={2}>
    <path d="M15 5 8 12l7 7" />
  </svg>
);
