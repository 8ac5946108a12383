import { labelOf } from '@antique/shared';
import { Suspense, useState } from 'react';
import { Avatar, Button, Flex, Layout, Menu, Tag, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_COLORS } from '../features/access/roles';
import { useLogout } from '../features/session/api';
import { FullPageSpin } from '../components/full-page-spin';
import { useCurrentOperator } from '../features/session/current-operator';
import { navGroupsFor, navItemsFor } from '../features/access/navigation';

const { Sider, Header, Content } = Layout;

export function AdminLayout() {
  const operator = useCurrentOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState(false);
  const items = navItemsFor(operator.role);
  const selected = items.find(
    (item) => location.pathname === item.path || location.pathname.startsWith(`${item.path}/`),
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={208}
        theme="dark"
        // The menu stays in view on long pages such as the product form.
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Link to="/" style={{ display: 'block', padding: '18px 16px', color: '#fff', whiteSpace: 'nowrap' }}>
          <Typography.Text strong style={{ color: '#f3d9b1', fontSize: collapsed ? 16 : 18 }}>
            {collapsed ? '拾古' : '拾古拍卖 · 运营'}
          </Typography.Text>
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          // The collapse button sits over the sider's bottom 48 px: the last item scrolls clear of it.
          style={{ paddingBottom: 48 }}
          selectedKeys={selected ? [selected.path] : []}
          items={navGroupsFor(operator.role).map((group) => ({
            type: 'group' as const,
            key: `group-${group.group}`,
            label: collapsed ? null : group.label,
            children: group.items.map((item) => ({
              key: item.path,
              icon: item.icon,
              label: (
                <Link to={item.path} data-testid={item.testId}>
                  {item.label}
                </Link>
              ),
            })),
          }))}
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            justifyContent: 'flex-end',
          }}
        >
          <Flex align="center" gap={12}>
            <Avatar size="small" icon={<UserOutlined />} />
            <Typography.Text data-testid="header-operator-name">{operator.username}</Typography.Text>
            <Tag color={ROLE_COLORS[operator.role]} data-testid="header-operator-role">
              {labelOf('operatorRole', operator.role)}
            </Tag>
            <Button
              type="text"
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              data-testid="admin-logout"
              onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) })}
            >
              退出登录
            </Button>
          </Flex>
        </Header>
        <Content style={{ margin: 24, minWidth: 0 }}>
          <Suspense fallback={<FullPageSpin />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
    </Layout>
  );
}
