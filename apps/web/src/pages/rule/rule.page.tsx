import { useTranslation } from '../../lib/use-translation';
import { usePageTitle } from '../../lib/page-title.store';
import { useRuleQuery } from '../../features/rule/rule.api';
import { RuleContent } from '../../features/rule/rule-content';
import { RuleList } from '../../features/rule/rule-list';
import { usePageParams } from '../../lib/page-params';

/** A rule by its slug (`?id=agreement`), or without one the list of the house's rules; open to guests. */
export default function RulePage() {
  const { t } = useTranslation();
  const id = usePageParams().id?.trim() ?? '';
  const { data } = useRuleQuery(id);
  usePageTitle(id ? data?.title : t('rule.listTitle'));
  return id ? <RuleContent id={id} /> : <RuleList />;
}
