import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  /** 'empty' for no content, 'error' when it could not be loaded. */
  status?: 'empty' | 'error';
  actionText?: string;
  onAction?: () => void;
  testId?: string;
}

export function EmptyState({ title, description, status = 'empty', actionText, onAction, testId }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid={testId ?? 'empty-state'}>
      <ErrorBlock
        status={status === 'error' ? 'default' : 'empty'}
        title={title ?? t('common.empty')}
        description={description ?? ''}
      >
        {onAction && (
          <Button color="primary" fill="outline" shape="rounded" onClick={onAction} className="empty-state-action">
            {actionText ?? t('common.retry')}
          </Button>
        )}
      </ErrorBlock>
    </div>
  );
}
