import { createContext, useContext } from 'react';
import type { Operator } from '@antique/shared';

/** Provided by the app's RequireOperator once the operator's session is read. */
export const OperatorContext = createContext<Operator | null>(null);

/** The signed-in operator; only for components under RequireOperator. */
export function useCurrentOperator(): Operator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useCurrentOperator outside RequireOperator');
  return operator;
}

/** What the login page is told: where to return once signed in. */
export interface LoginLocationState {
  from?: string;
}
