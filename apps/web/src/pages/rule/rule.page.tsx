import { usePageTitle } from '../../lib/page-title.store';
import { useRuleQuery } from '../../features/rule/rule.api';
import { RuleContent } from '../../features/rule/rule-content';
import { usePageParams } from '../../lib/page-params';

/** A rule by its slug (`?id=agreement`); open to guests. */
export default function RulePage() {
  const id = usePageParams().id?.trim() ?? '';
  const { data } = useRuleQuery(id);
  usePageTitle(data?.title);
  return <RuleContent id={id} />;
}
