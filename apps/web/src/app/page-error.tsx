import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../lib/use-translation';
import { EmptyState } from '../components/empty-state/empty-state';
import { go } from '../lib/navigation';
import { HOME_PATH } from '../lib/route-paths';

/** Raised when a page's code does not arrive within the loader's timeout. */
export class PageLoadTimeoutError extends Error {
  constructor() {
    super('Page load timed out');
    this.name = 'PageLoadTimeoutError';
  }
}

function isLoadFailure(error: unknown): boolean {
  if (error instanceof PageLoadTimeoutError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Failed to fetch|Loading chunk/i.test(message);
}

/** What a failed page shows: the framework's connection text for code that did not load, else a retry. */
export function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isLoadFailure(error)) {
    return (
      <button type="button" className="page-timeout" onClick={onRetry} data-testid="page-timeout">
        {t('errors.timeout')}
      </button>
    );
  }
  return (
    <div className="page-error" data-testid="page-error">
      <EmptyState
        status="error"
        title={t('errors.pageTitle')}
        description={t('errors.pageDescription')}
        actionText={t('errors.reload')}
        onAction={onRetry}
      />
      <div className="page-error-home">
        <Button fill="none" onClick={() => go(HOME_PATH, { replace: true })}>
          {t('common.goHome')}
        </Button>
      </div>
    </div>
  );
}
