import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorsApi, type RouteInput } from '@antique/shared/routes';
import { call } from '../../lib/request';

export type CreateOperatorInput = RouteInput<typeof operatorsApi.create>;
export type UpdateOperatorInput = Omit<RouteInput<typeof operatorsApi.update>, 'id'>;

export const operatorKeys = {
  all: ['admin', 'operators'] as const,
};

export const operatorQueries = {
  list: () =>
    queryOptions({ queryKey: operatorKeys.all, queryFn: ({ signal }) => call(operatorsApi.list, {}, { signal }) }),
};

export function useOperators() {
  return useQuery(operatorQueries.list());
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOperatorInput) => call(operatorsApi.create, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateOperatorInput }) =>
      call(operatorsApi.update, { ...input, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
