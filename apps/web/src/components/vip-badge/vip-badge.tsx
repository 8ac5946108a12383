import { useTranslation } from '../../lib/use-translation';

/** VIP level 0 to 5; levels above 0 are gilded. */
export function VipBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  const safe = Math.max(0, Math.min(5, Math.floor(level)));
  return (
    <span className={`vip-badge vip-badge-${safe}`} data-testid="vip-badge" data-level={safe}>
      <svg viewBox="0 0 16 16" aria-hidden="true" className="vip-badge-crown">
        <path d="M2 12h12l1-7-4 3-3-5-3 5-4-3z" fill="currentColor" />
      </svg>
      {t('my.vip', { level: safe })}
    </span>
  );
}
