import type { Rule } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/request';

/** GET /rule?id=slug, with the loading indicator on as the specification asks. */
export function fetchRule(id: string): Promise<Rule> {
  return http.get<Rule>('/rule', { id }, { loading: true });
}

export function useRuleQuery(id: string) {
  return useQuery({ queryKey: ['rule', id], queryFn: () => fetchRule(id), enabled: id.length > 0 });
}
