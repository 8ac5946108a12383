import { line, type IconProps } from './line';

// The icons of the pages a member lands on: list arrows, a picture that failed, watching,
// sharing, the notice bar, search and the categories.

export const ChevronRightIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
  </svg>
);

export const PictureIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="3.5" y="5" width="17" height="14" rx="2" />
    <circle cx="8.5" cy="9.8" r="1.5" />
    <path d="m4 16.8 4.6-4.3 3.6 3.3 2.8-2.6 4.6 4.3" />
  </svg>
);

export const ShareIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M12 14.5V4M8 7.8 12 4l4 3.8" />
    <path d="M6.5 11H5.8a.8.8 0 0 0-.8.8v7.4c0 .5.4.8.8.8h12.4c.5 0 .8-.3.8-.8v-7.4a.8.8 0 0 0-.8-.8h-.7" />
  </svg>
);

const HEART = 'M12 19.6c-4.3-3-7.8-5.9-7.8-9.7a4 4 0 0 1 7.8-1.4 4 4 0 0 1 7.8 1.4c0 3.8-3.5 6.7-7.8 9.7Z';

export const HeartIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d={HEART} />
  </svg>
);

export const HeartFilledIcon = ({ className }: IconProps) => (
  <svg {...line} fill="currentColor" className={className}>
    <path d={HEART} />
  </svg>
);

export const SpeakerIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M4 9.5v5h3.2l4.8 4V5.5l-4.8 4H4Z" />
    <path d="M15.3 9.2a4 4 0 0 1 0 5.6M17.8 6.7a7.5 7.5 0 0 1 0 10.6" />
  </svg>
);

export const SearchIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <circle cx="10.8" cy="10.8" r="6.3" />
    <path d="m15.5 15.5 4.5 4.5" />
  </svg>
);

export const GridIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </svg>
);
