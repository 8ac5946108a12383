import { type ReactNode, useEffect } from 'react';
import { App as AntApp } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { QueryError } from '../components/query-error';
import { Forbidden } from '../components/forbidden';
import { FullPageSpin } from '../components/full-page-spin';
import { type ConsolePage, canSeePage } from '../features/access/roles';
import { useMe } from '../features/session/api';
import { type LoginLocationState, OperatorContext, useCurrentOperator } from '../features/session/current-operator';
import { onSessionEnded } from '../lib/request';
import { readToken } from '../lib/token-storage';

/** Sends the operator to the login page when the server ends the session (codes 301/302). */
export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message } = AntApp.useApp();
  useEffect(
    () =>
      onSessionEnded((error) => {
        queryClient.clear();
        void message.warning(error.code === 302 ? '登录已失效，请重新登录' : '请先登录');
        const state: LoginLocationState = { from: location.pathname + location.search };
        void navigate('/login', { replace: true, state });
      }),
    [navigate, location, queryClient, message],
  );
  return null;
}

export function RequireOperator({ children }: { children: ReactNode }) {
  const location = useLocation();
  const me = useMe();
  if (readToken() === null) {
    const state: LoginLocationState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  if (me.isPending) return <FullPageSpin />;
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  return <OperatorContext.Provider value={me.data}>{children}</OperatorContext.Provider>;
}

/** A page the operator's role may not open shows 「无权限」 instead of failing call by call. */
export function RequirePage({ page, children }: { page: ConsolePage; children: ReactNode }) {
  const operator = useCurrentOperator();
  if (!canSeePage(operator.role, page)) return <Forbidden />;
  return <>{children}</>;
}
