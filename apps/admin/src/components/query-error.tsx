import { Button, Result } from 'antd';
import { ApiError } from '../lib/request';
import { FORBIDDEN_TEXT, errorText } from '../lib/error-text';

/** The whole-page answer to a failed load: 「无权限」 for a 403, otherwise the server's message and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error instanceof ApiError && error.forbidden) {
    return (
      <Result
        status="403"
        title={FORBIDDEN_TEXT}
        subTitle={error.message && error.message !== FORBIDDEN_TEXT ? error.message : '当前角色不能访问此内容'}
        data-testid="forbidden"
      />
    );
  }
  if (error instanceof ApiError && error.code === 404) {
    return <Result status="404" title="未找到" subTitle={error.message} />;
  }
  return (
    <Result
      status="error"
      title="加载失败"
      subTitle={errorText(error)}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            重试
          </Button>
        ) : undefined
      }
    />
  );
}
