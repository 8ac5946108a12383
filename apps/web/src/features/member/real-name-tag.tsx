import type { RealNameStatus } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';

export function RealNameTag({ status, testId }: { status: RealNameStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`realname-tag realname-tag-${status}`} data-testid={testId} data-status={status}>
      {t(`my.realName.${status}`)}
    </span>
  );
}
