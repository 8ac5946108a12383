import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, type FakeCall } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { clearToken, readToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const image = (n: number) => `data:image/svg+xml;base64,${btoa(`<svg id="c${n}"/>`)}`;

/** A server whose sign-in answers in turn from `answers`; captchas are numbered c1, c2, … */
function server(answers: ((call: FakeCall) => { code?: number; msg?: string; data?: unknown })[]) {
  let captchas = 0;
  let attempt = 0;
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/captcha') {
      captchas += 1;
      return { data: { captchaId: `c${captchas}`, image: image(captchas) } };
    }
    if (path === '/v1/admin/login') return answers[Math.min(attempt++, answers.length - 1)]!(call);
    if (path === '/v1/admin/me')
      return { data: { id: 1, username: 'admin', role: 'admin', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/dashboard') return { code: 500, msg: '系统繁忙' };
    return undefined;
  });
}

const wrong = (captchaRequired: boolean) => () => ({
  code: 422,
  msg: '用户名或密码错误',
  data: { reason: 'OPERATOR_LOGIN_FAILED', captchaRequired },
});
const required = () => ({
  code: 422,
  msg: '该账号近期登录失败较多，请输入图形验证码后再登录',
  data: { reason: 'CAPTCHA_REQUIRED', captchaRequired: true },
});

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('admin-login-submit'));

afterEach(() => clearToken());

describe('console sign-in', () => {
  it('asks for no captcha until the server does', async () => {
    const { calls } = server([wrong(false)]);
    renderWithProviders(routes, '/login');
    fill('admin-login-username', 'admin');
    fill('admin-login-password', 'wrong-password');
    submit();
    expect(await screen.findByTestId('admin-login-error')).toHaveTextContent('用户名或密码错误');
    expect(screen.queryByTestId('admin-login-captcha')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/v1/admin/captcha')).toHaveLength(0);
    expect(calls.find((c) => c.url.pathname === '/v1/admin/login')?.body).toEqual({
      username: 'admin',
      password: 'wrong-password',
    });
  });

  it('shows the captcha when a username needs one, sends it, takes a new one after each failure, and signs in with it', async () => {
    const { calls } = server([required, wrong(true), () => ({ data: { token: 'operator-token', role: 'admin' } })]);
    const { router } = renderWithProviders(routes, '/login');
    fill('admin-login-username', 'admin');
    fill('admin-login-password', 'right-password');
    submit();
    expect(await screen.findByTestId('admin-login-error')).toHaveTextContent('请输入图形验证码');
    const picture = await screen.findByRole('img', { name: '图形验证码' });
    expect(picture).toHaveAttribute('src', image(1));
    expect(screen.getByTestId('admin-login-captcha-image')).toHaveAttribute('data-captcha-id', 'c1');

    // The captcha is now required by the form itself.
    submit();
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/v1/admin/login')).toHaveLength(1);

    fill('admin-login-captcha', 'ab12');
    submit();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/v1/admin/login')).toHaveLength(2));
    expect(calls.filter((c) => c.url.pathname === '/v1/admin/login')[1]!.body).toEqual({
      username: 'admin',
      password: 'right-password',
      captchaId: 'c1',
      captchaCode: 'ab12',
    });
    // Failed: a new picture, the typed code cleared.
    await waitFor(() =>
      expect(screen.getByTestId('admin-login-captcha-image')).toHaveAttribute('data-captcha-id', 'c2'),
    );
    expect(screen.getByTestId('admin-login-captcha')).toHaveValue('');

    // Tapping the picture changes it too.
    fireEvent.click(screen.getByTestId('admin-login-captcha-image'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-login-captcha-image')).toHaveAttribute('data-captcha-id', 'c3'),
    );
    fill('admin-login-captcha', 'xy34');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readToken()).toBe('operator-token');
    expect(calls.filter((c) => c.url.pathname === '/v1/admin/login')[2]!.body).toMatchObject({
      captchaId: 'c3',
      captchaCode: 'xy34',
    });
  });

  it('shows the captcha after the failure that makes it needed', async () => {
    server([wrong(true)]);
    renderWithProviders(routes, '/login');
    fill('admin-login-username', 'clerk');
    fill('admin-login-password', 'wrong-password');
    submit();
    expect(await screen.findByRole('img', { name: '图形验证码' })).toBeInTheDocument();
    expect(screen.getByTestId('admin-login-captcha')).toBeInTheDocument();
  });
});
