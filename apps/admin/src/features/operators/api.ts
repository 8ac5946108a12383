import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator, OperatorRole } from '@antique/shared';
import { api } from '../../lib/request';

export interface CreateOperatorInput {
  username: string;
  password: string;
  role: OperatorRole;
}

export interface UpdateOperatorInput {
  role?: OperatorRole;
  disabled?: boolean;
  password?: string;
}

export const operatorKeys = {
  all: ['admin', 'operators'] as const,
};

export const fetchOperators = (signal?: AbortSignal) => api.get<Operator[]>('/operators', {}, signal);
export const createOperator = (input: CreateOperatorInput) => api.post<Operator>('/operators', input);
export const updateOperator = (id: number, input: UpdateOperatorInput) => api.put<Operator>(`/operators/${id}`, input);

export const operatorQueries = {
  list: () => queryOptions({ queryKey: operatorKeys.all, queryFn: ({ signal }) => fetchOperators(signal) }),
};

export function useOperators() {
  return useQuery(operatorQueries.list());
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOperator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateOperatorInput }) => updateOperator(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
