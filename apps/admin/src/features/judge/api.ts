import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { judgeApi, type RouteInput } from '@antique/shared/routes';
import type { AdminCondition, ConditionGrade, ConditionInput, ConditionSubject, QuestionStatus } from '@antique/shared';
import { call } from '../../lib/request';

/** The house's grades as the console and the member app's zh-Hans say them, best first. */
export const GRADE_LABELS: Record<ConditionGrade, string> = {
  excellent: '极佳',
  fine: '上佳',
  good: '良好',
  fair: '一般',
  poor: '较差',
};

export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  open: '待回复',
  answered: '已回复',
  hidden: '已隐藏',
};

export const judgeKeys = {
  condition: (subject: ConditionSubject, id: number) => ['admin', 'condition', subject, id] as const,
  questions: ['admin', 'questions'] as const,
  questionList: (params: QuestionListParams) => ['admin', 'questions', params] as const,
};

export type QuestionListParams = RouteInput<typeof judgeApi.adminQuestions>;

export function useCondition(subject: ConditionSubject, id: number) {
  return useQuery({
    queryKey: judgeKeys.condition(subject, id),
    queryFn: ({ signal }) =>
      call(subject === 'product' ? judgeApi.adminProductCondition : judgeApi.adminLotCondition, { id }, { signal }),
  });
}

export function useSaveCondition(subject: ConditionSubject, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ConditionInput, 'id'>) =>
      call(subject === 'product' ? judgeApi.adminSaveProductCondition : judgeApi.adminSaveLotCondition, {
        ...input,
        id,
      }),
    onSuccess: (saved: AdminCondition) => queryClient.setQueryData(judgeKeys.condition(subject, id), saved),
  });
}

export const judgeQueries = {
  questions: (params: QuestionListParams) =>
    queryOptions({
      queryKey: judgeKeys.questionList(params),
      queryFn: ({ signal }) => call(judgeApi.adminQuestions, params, { signal }),
    }),
};

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) => call(judgeApi.adminAnswerQuestion, { id, answer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: judgeKeys.questions }),
  });
}

export function useHideQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => call(judgeApi.adminHideQuestion, { id, reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: judgeKeys.questions }),
  });
}
