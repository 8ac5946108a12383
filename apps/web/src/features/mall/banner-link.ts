import { go } from '../../app/navigation';

/** Follows a banner's link: an in-app route (/pages/...) in the app, an https URL in a new tab. */
export function openBannerLink(link: string): void {
  const target = link.trim();
  if (target.startsWith('/pages/')) go(target);
  else if (target.startsWith('https://')) window.open(target, '_blank', 'noopener,noreferrer');
}
