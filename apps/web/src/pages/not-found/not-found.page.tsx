import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { HOME_PATH } from '../../lib/route-paths';

/** Unknown routes, and the specification's routes whose pages come with later issues. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="not-found" data-testid="not-found">
      <svg className="not-found-art" viewBox="0 0 120 120" aria-hidden="true">
        <circle cx="60" cy="60" r="52" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.35" />
        <path
          d="M38 84c4-18 14-30 22-30s18 12 22 30M46 50h.01M74 50h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      <h1 className="not-found-title">{t('notFound.title')}</h1>
      <p className="not-found-text">{t('notFound.description')}</p>
      <Button
        color="primary"
        shape="rounded"
        onClick={() => go(HOME_PATH, { replace: true })}
        data-testid="not-found-home"
      >
        {t('common.goHome')}
      </Button>
    </section>
  );
}

export default NotFoundPage;
