import { useEffect } from 'react';
import { Alert, App as AntApp, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { LoginLocationState } from '../../features/session/current-operator';
import { type LoginInput, useLogin } from '../../features/session/api';
import { errorText } from '../../lib/error-text';
import { readToken } from '../../lib/token-storage';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { message } = AntApp.useApp();
  const from = (location.state as LoginLocationState | null)?.from;

  useEffect(() => {
    document.title = '登录 · 拾古拍卖运营后台';
  }, []);

  if (readToken() !== null && !login.isPending && !login.isSuccess) return <Navigate to="/" replace />;

  const submit = (values: LoginInput) => {
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () => void navigate(from && from !== '/login' ? from : '/', { replace: true }),
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f5f1ea' }}>
      <Card style={{ width: 380 }} styles={{ body: { padding: 32 } }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          拾古拍卖 · 运营后台
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          仅限本行工作人员使用，所有操作均记录审计日志
        </Typography.Paragraph>
        {login.isError ? (
          <Alert type="error" showIcon title={errorText(login.error)} style={{ marginBottom: 16 }} />
        ) : null}
        <Form<LoginInput> layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              autoFocus
              maxLength={32}
              data-testid="admin-login-username"
            />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              maxLength={64}
              data-testid="admin-login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="admin-login-submit">
            登录
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
