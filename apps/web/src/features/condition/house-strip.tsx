import type { House } from '@antique/shared';
import { judgeApi } from '@antique/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import { groupThousands } from '../../lib/format-money';
import { go } from '../../lib/navigation';
import { call } from '../../lib/request';
import { pagePath } from '../../lib/route-paths';
import './condition.css';

export const houseKey = ['house'] as const;

/**
 * Whether an answer has what the strip shows. A check of those fields, not the shared schema:
 * the schema would bring zod and every schema of the package (~35 KiB gzip) onto the login
 * page's first screen, where this strip is the largest text.
 */
function isHouse(data: unknown): data is House {
  const value = data as Partial<House> | null;
  return (
    typeof value?.company === 'string' &&
    Number.isInteger(value.years) &&
    Number.isInteger((value.figures as Partial<House['figures']> | undefined)?.sold)
  );
}

export function fetchHouse(): Promise<House> {
  return call(judgeApi.house, {});
}

/**
 * Who a newcomer signs up with, on the login page: the company, its years and the lots it sold
 * in the last 12 months, linking 关于本行 (the rule `about`, which a guest may open).
 */
export function HouseStrip() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: houseKey, queryFn: fetchHouse, staleTime: 5 * 60_000 });
  // Nothing rather than a broken strip if the answer is not the house (an older server).
  if (!isHouse(data)) return null;
  const sold = groupThousands(data.figures.sold);
  return (
    <div className="house-strip" data-testid="house-strip">
      <span className="house-strip-text">
        {data.years > 0
          ? t('judge.house.strip', { company: data.company, years: data.years, sold })
          : t('judge.house.stripYoung', { company: data.company, sold })}
      </span>
      <button
        type="button"
        className="house-strip-link tap-target"
        onClick={() => go(pagePath('rule', { id: 'about' }))}
        data-testid="house-strip-link"
      >
        {t('judge.house.more')} ›
      </button>
    </div>
  );
}
