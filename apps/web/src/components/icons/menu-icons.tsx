// 我的's menu icons, drawn in a line or two each like the shell's: the icon package's detailed
// outlines were most of the page's code (the gear alone 8 kB), for glyphs shown at 18–24 px.
import { line, type IconProps } from './line';

/** Settings: an eight-toothed gear round a hole. */
export const GearIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M10.4 5 10.7 2.6h2.6l.3 2.4 2.2.9 1.9-1.5 1.9 1.9-1.5 1.9.9 2.2 2.4.3v2.6l-2.4.3-.9 2.2 1.5 1.9-1.9 1.9-1.9-1.5-2.2.9-.3 2.4h-2.6l-.3-2.4-2.2-.9-1.9 1.5-1.9-1.9 1.5-1.9-.9-2.2-2.4-.3v-2.6l2.4-.3.9-2.2-1.5-1.9 1.9-1.9 1.9 1.5Z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);

/** Contact us: an address book with index tabs and a person on its cover. */
export const ContactBookIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="6" y="3" width="13.5" height="18" rx="2" />
    <path d="M4 7.5h4M4 12h4M4 16.5h4" />
    <circle cx="13" cy="10" r="2.3" />
    <path d="M9.5 17c.5-1.9 1.8-3 3.5-3s3 1.1 3.5 3" />
  </svg>
);

/** Bill: a sheet with the yuan sign. */
export const BillIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="4.5" y="3" width="15" height="18" rx="2" />
    <path d="m9.2 7.5 2.8 3.6 2.8-3.6M12 11.1V17M9.3 12.2h5.4M9.3 14.8h5.4" />
  </svg>
);

/** Delegations: a receipt slip with a torn edge. */
export const ReceiptIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M5.5 3.5h13v17l-2.6-1.5-2.6 1.5-2.6-1.5-2.6 1.5-2.6-1.5Z" />
    <path d="M9.5 8h5M9.5 11.5h5M9.5 15h3" />
  </svg>
);

/** Withdraw: a coin with the yuan sign. */
export const CoinIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9.2 7.5 2.8 3.6 2.8-3.6M12 11.1v5.9M9.3 12.2h5.4M9.3 14.8h5.4" />
  </svg>
);

/** Recharge: a plus in a circle. */
export const AddCircleIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </svg>
);

/** Withdrawal records: a banknote. */
export const BanknoteIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.6" />
    <path d="M6 9.5v5M18 9.5v5" />
  </svg>
);

/** Team: two people, one behind the other. */
export const TeamIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <circle cx="9.5" cy="8.5" r="3.5" />
    <path d="M3 19.5c.6-3.3 3-5 6.5-5s5.9 1.7 6.5 5M15.5 5.2a3.4 3.4 0 0 1 0 6.6M18 14.8c1.7.7 2.7 2.3 3 4.7" />
  </svg>
);

/** Pick-ups: a delivery truck. */
export const TruckIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M13.5 16.5v-10H3v10h2.2M8.8 16.5h6.4M13.5 9.5h4l3 3.5v3.5h-1.7" />
    <circle cx="7" cy="16.8" r="1.8" />
    <circle cx="17" cy="16.8" r="1.8" />
  </svg>
);

/** Real name: an identity card. */
export const IdCardIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="8.7" cy="10.3" r="2" />
    <path d="M5.7 15.8c.4-1.5 1.5-2.4 3-2.4s2.6.9 3 2.4M14.5 10h3.5M14.5 13.5h3.5" />
  </svg>
);

/** Invite: a gift box with a bow. */
export const GiftIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v8.5h14V12M12 8v12.5" />
    <path d="M12 8C11 5 7.5 4 7.5 6.2 7.5 7.4 9.5 8 12 8Zm0 0c1-3 4.5-4 4.5-1.8 0 1.2-2 1.8-4.5 1.8Z" />
  </svg>
);

/** News: a speech bubble with lines of text. */
export const ChatIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M5.5 4.5h13a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H10L5.5 21v-3.5a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2Z" />
    <path d="M8 9h8M8 12.5h5" />
  </svg>
);

/** Rules: a bulleted list. */
export const ListIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M9 6.5h11M9 12h11M9 17.5h11" />
    <circle cx="4.8" cy="6.5" r=".9" />
    <circle cx="4.8" cy="12" r=".9" />
    <circle cx="4.8" cy="17.5" r=".9" />
  </svg>
);

/** Messages: a bell. */
export const BellIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M6.5 17V11a5.5 5.5 0 0 1 11 0v6l1.5 1.5H5ZM10 21h4M12 3.5v2" />
  </svg>
);

/** Addresses: a map pin. */
export const PinIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </svg>
);

/** Login password: a padlock. */
export const LockIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5v-3a4 4 0 0 1 8 0v3M12 14.5V17" />
  </svg>
);

/** Trade password: a key. */
export const KeyIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <circle cx="8" cy="16" r="4" />
    <path d="m10.9 13.1 8.6-8.6M16.5 7.5l2.5 2.5M14 10l2 2" />
  </svg>
);

/** Offers: a shopping bag. */
export const BagIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M5.5 8h13l-.8 12.5H6.3Z" />
    <path d="M9 10.5V7a3 3 0 0 1 6 0v3.5" />
  </svg>
);

/** Orders: a document with a folded corner. */
export const FileIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <path d="M14 3H6.5a1.5 1.5 0 0 0-1.5 1.5v15A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V8Z" />
    <path d="M14 3v5h5M8.5 12.5h7M8.5 16h5" />
  </svg>
);

/** Auctions: a clock. */
export const ClockIcon = ({ className }: IconProps) => (
  <svg {...line} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </svg>
);
