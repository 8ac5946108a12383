import { labelOf } from '@antique/shared';
import { Card, Result, Typography } from 'antd';
import { Navigate } from 'react-router';
import { useCurrentOperator } from '../../features/session/current-operator';
import { navItemsFor } from '../../features/access/navigation';
import { ROLE_DUTIES } from '../../features/access/roles';

/** Opens the first page the role may see; a role with none of this console's pages gets an explanation. */
export function HomePage() {
  const operator = useCurrentOperator();
  const first = navItemsFor(operator.role)[0];
  if (first) return <Navigate to={first.path} replace />;
  return (
    <Card>
      <Result
        status="info"
        title={`您好，${operator.username}`}
        subTitle={`当前角色「${labelOf('operatorRole', operator.role)}」负责：${ROLE_DUTIES[operator.role].join('、')}。这些功能的页面尚未在本控制台上线。`}
        extra={<Typography.Text type="secondary">如需访问会员、资金等页面，请联系超级管理员调整角色。</Typography.Text>}
      />
    </Card>
  );
}
