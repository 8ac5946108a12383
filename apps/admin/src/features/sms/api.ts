import { queryOptions } from '@tanstack/react-query';
import { verificationApi, type RouteInput } from '@antique/shared/routes';
import type { SmsOutboxRow, SmsOutboxStatus } from '@antique/shared';
import { call } from '../../lib/request';

export type { SmsOutboxRow, SmsOutboxStatus };
export type SmsOutboxParams = RouteInput<typeof verificationApi.adminSmsOutbox>;

export const SMS_SCENE_LABELS: Record<string, string> = {
  register: '注册',
  password: '修改登录密码',
  trade: '设置交易密码',
  outbid: '出价被超越',
  notice: '通知',
  account_exists: '已注册提醒',
};

export const SMS_STATUS_LABELS: Record<SmsOutboxStatus, string> = {
  sent: '已发送',
  queued: '待重试',
  failed: '发送失败',
};

export const SMS_STATUS_COLORS: Record<SmsOutboxStatus, string> = {
  sent: 'success',
  queued: 'warning',
  failed: 'error',
};

/** `outbox`: no provider is configured, the text is only kept here. */
export const SMS_PROVIDER_LABELS: Record<string, string> = {
  outbox: '发件箱',
  aliyun: '阿里云',
  tencent: '腾讯云',
};

export const smsKeys = {
  all: ['admin', 'sms'] as const,
  outbox: (params: SmsOutboxParams) => [...smsKeys.all, 'outbox', params] as const,
};

export const smsQueries = {
  outbox: (params: SmsOutboxParams, autoRefresh: boolean) =>
    queryOptions({
      queryKey: smsKeys.outbox(params),
      queryFn: ({ signal }) => call(verificationApi.adminSmsOutbox, params, { signal }),
      refetchInterval: autoRefresh ? 5_000 : false,
      refetchIntervalInBackground: false,
    }),
};
