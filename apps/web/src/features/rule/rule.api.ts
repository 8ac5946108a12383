import { contentApi } from '@antique/shared/routes';
import type { Rule, RuleSummary } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** A rule by its slug, with the loading indicator on as the specification asks. */
export function fetchRule(id: string): Promise<Rule> {
  return call(contentApi.rule, { id }, { loading: true });
}

export function useRuleQuery(id: string) {
  return useQuery({ queryKey: ['rule', id], queryFn: () => fetchRule(id), enabled: id.length > 0 });
}

/** The house's rules, agreement first: titles for a list that opens each. */
export function useRuleListQuery() {
  return useQuery({ queryKey: ['rule', 'list'], queryFn: (): Promise<RuleSummary[]> => call(contentApi.ruleList, {}) });
}
