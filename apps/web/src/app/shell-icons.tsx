import { line } from '../components/icons/line';

// The shell's few icons (components/icons/line.ts): the icon package's detailed outlines weigh
// more than the rest of the tab bar, and every page waits for the shell.
export { GridIcon } from '../components/icons/common-icons';

export const HomeIcon = () => (
  <svg {...line}>
    <path d="M3.5 10.5 12 4l8.5 6.5M5.5 9v10.5h13V9M10 19.5v-5h4v5" />
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
