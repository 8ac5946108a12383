import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import './empty-state.css';

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  /** 'empty' for no content, 'error' when it could not be loaded. */
  status?: 'empty' | 'error';
  actionText?: string;
  onAction?: () => void;
  testId?: string;
}

const VASE = 'M50 24h20M52 24c0 8-12 14-12 30 0 10 8 18 20 18s20-8 20-18c0-16-12-22-12-30';

/** A display stand in the theme's gold: the outline of a missing vase for 'empty', a cracked one for 'error'. */
function EmptyArt({ status }: { status: 'empty' | 'error' }) {
  return (
    <svg className="empty-state-art" viewBox="0 0 120 96" aria-hidden="true" data-status={status}>
      <ellipse cx="60" cy="84" rx="44" ry="6" className="empty-state-art-shadow" />
      <path d="M22 78h76M30 78v-6h60v6" className="empty-state-art-line" />
      {status === 'error' ? (
        <path d={`${VASE}M62 30l-5 12 7 6-6 12`} className="empty-state-art-line" />
      ) : (
        <path d={VASE} className="empty-state-art-line empty-state-art-faint" />
      )}
    </svg>
  );
}

/** No content, or content that could not be loaded: a picture drawn for the dark theme, a title and an action. */
export function EmptyState({ title, description, status = 'empty', actionText, onAction, testId }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid={testId ?? 'empty-state'} data-status={status}>
      <EmptyArt status={status} />
      <div className="empty-state-title">{title ?? t('common.empty')}</div>
      {description ? <div className="empty-state-description">{description}</div> : null}
      {onAction && (
        <Button color="primary" fill="outline" shape="rounded" onClick={onAction} className="empty-state-action">
          {actionText ?? t('common.retry')}
        </Button>
      )}
    </div>
  );
}
