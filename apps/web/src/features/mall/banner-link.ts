import { go } from '../../lib/navigation';
import { isPagePath } from '../../lib/route-paths';

/** Follows a banner's link: an in-app route (/pages/...) in the app, an https URL in a new tab. */
export function openBannerLink(link: string): void {
  const target = link.trim();
  if (isPagePath(target)) go(target);
  else if (target.startsWith('https://')) window.open(target, '_blank', 'noopener,noreferrer');
}
