import { queryOptions } from '@tanstack/react-query';
import type { Page, smsOutboxRow } from '@antique/shared';
import type { z } from 'zod';
import { api } from '../../lib/request';

export type SmsOutboxRow = z.infer<typeof smsOutboxRow>;

export interface SmsOutboxParams {
  phone?: string;
  page: number;
  pageSize: number;
}

export const SMS_SCENE_LABELS: Record<string, string> = {
  register: '注册',
  password: '修改登录密码',
  trade: '设置交易密码',
  outbid: '出价被超越',
};

export const smsKeys = {
  all: ['admin', 'sms'] as const,
  outbox: (params: SmsOutboxParams) => [...smsKeys.all, 'outbox', params] as const,
};

export const fetchSmsOutbox = (params: SmsOutboxParams, signal?: AbortSignal) =>
  api.get<Page<SmsOutboxRow>>('/sms/outbox', { ...params }, signal);

export const smsQueries = {
  outbox: (params: SmsOutboxParams, autoRefresh: boolean) =>
    queryOptions({
      queryKey: smsKeys.outbox(params),
      queryFn: ({ signal }) => fetchSmsOutbox(params, signal),
      refetchInterval: autoRefresh ? 5_000 : false,
      refetchIntervalInBackground: false,
    }),
};
