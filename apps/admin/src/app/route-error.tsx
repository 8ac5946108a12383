import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

/** Last line of defence: a page that throws while rendering shows this instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle="请刷新页面重试；如果问题持续出现，请联系技术人员"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
