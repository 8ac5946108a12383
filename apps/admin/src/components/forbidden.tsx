import { Result } from 'antd';
import { FORBIDDEN_TEXT } from '../lib/error-text';

export function Forbidden({ detail }: { detail?: string }) {
  return (
    <Result
      status="403"
      title={FORBIDDEN_TEXT}
      subTitle={detail ?? '当前角色不能访问此页面，如需开通请联系超级管理员'}
      data-testid="forbidden"
    />
  );
}
