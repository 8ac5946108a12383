import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Flex, Form, Input, Spin, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { type CaptchaOutput, operatorLoginInput } from '@antique/shared';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import type { LoginLocationState } from '../../features/session/current-operator';
import { fetchLoginCaptcha, needsCaptcha, useLogin } from '../../features/session/api';
import { errorText } from '../../lib/error-text';
import { readToken } from '../../lib/token-storage';

const FIELDS = operatorLoginInput.shape;

interface LoginFields {
  username: string;
  password: string;
  captchaCode?: string;
}

/** The captcha shown once a username needs one: loading, the picture, or a failure to fetch it. */
type CaptchaState = { status: 'loading' } | { status: 'ready'; captcha: CaptchaOutput } | { status: 'failed' };

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<LoginFields>();
  // Null until the server asks for a captcha; from then on every attempt carries one.
  const [captcha, setCaptcha] = useState<CaptchaState | null>(null);
  const from = (location.state as LoginLocationState | null)?.from;

  useEffect(() => {
    document.title = '登录 · 拾古拍卖运营后台';
  }, []);

  const refreshCaptcha = () => {
    setCaptcha({ status: 'loading' });
    form.setFieldValue('captchaCode', '');
    fetchLoginCaptcha().then(
      (next) => setCaptcha({ status: 'ready', captcha: next }),
      () => setCaptcha({ status: 'failed' }),
    );
  };

  if (readToken() !== null && !login.isPending && !login.isSuccess) return <Navigate to="/" replace />;

  const submit = (values: LoginFields) => {
    const solved =
      captcha?.status === 'ready' && values.captchaCode
        ? { captchaId: captcha.captcha.captchaId, captchaCode: values.captchaCode.trim() }
        : {};
    login.mutate(
      { username: values.username.trim(), password: values.password, ...solved },
      {
        onSuccess: () => void navigate(from && from !== '/login' ? from : '/', { replace: true }),
        onError: (error) => {
          // A captcha answers one attempt: whatever came of it, the next one needs a new picture.
          if (captcha !== null || needsCaptcha(error)) refreshCaptcha();
          void message.error(errorText(error));
        },
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
          <Alert
            type="error"
            showIcon
            title={errorText(login.error)}
            style={{ marginBottom: 16 }}
            data-testid="admin-login-error"
          />
        ) : null}
        <Form<LoginFields>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          disabled={login.isPending}
        >
          <Form.Item label="用户名" name="username" {...schemaRules(FIELDS.username, { label: '用户名' })}>
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              autoFocus
              maxLength={fieldLimits(FIELDS.username).max}
              data-testid="admin-login-username"
            />
          </Form.Item>
          <Form.Item label="密码" name="password" {...schemaRules(FIELDS.password, { label: '密码' })}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              maxLength={fieldLimits(FIELDS.password).max}
              data-testid="admin-login-password"
            />
          </Form.Item>
          {captcha !== null ? (
            <Form.Item label="图形验证码" extra="该账号近期登录失败较多，请输入右侧图中的字符" required>
              <Flex gap={8} align="center">
                <Form.Item
                  name="captchaCode"
                  noStyle
                  {...schemaRules(FIELDS.captchaCode, { label: '图形验证码', required: true })}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    autoComplete="off"
                    maxLength={fieldLimits(FIELDS.captchaCode).max}
                    style={{ flex: 1 }}
                    data-testid="admin-login-captcha"
                  />
                </Form.Item>
                <button
                  type="button"
                  onClick={refreshCaptcha}
                  title="看不清？点击换一张"
                  aria-label="看不清？点击换一张"
                  data-testid="admin-login-captcha-image"
                  data-captcha-id={captcha.status === 'ready' ? captcha.captcha.captchaId : undefined}
                  style={{
                    width: 120,
                    height: 44,
                    padding: 0,
                    border: '1px solid #d9d9d9',
                    borderRadius: 6,
                    background: '#1c1c1e',
                    cursor: 'pointer',
                    flex: 'none',
                  }}
                >
                  {captcha.status === 'ready' ? (
                    <img src={captcha.captcha.image} alt="图形验证码" width={118} height={42} />
                  ) : captcha.status === 'loading' ? (
                    <Spin size="small" />
                  ) : (
                    <Typography.Text style={{ color: '#fff', fontSize: 12 }}>加载失败，点击重试</Typography.Text>
                  )}
                </button>
              </Flex>
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="admin-login-submit">
            登录
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
