import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { getToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import LoginPage from '../login/login.page';
import ForgotPasswordPage from './forgot-password.page';

const captcha = { captchaId: 'c9', image: 'data:image/svg+xml;base64,PHN2Zy8+' };
const member = { id: 7, phone: '138****5678', nickname: '藏友5678', balance: 0, frozen: 0 };
const body = (call: StubbedCall | undefined) => JSON.parse(String(call?.init.body)) as unknown;

function server(resetAnswer: () => Response) {
  return stubFetch(({ url }) => {
    if (url.endsWith('/send'))
      return envelopeResponse({ code: 200, msg: 'ok', data: { expiresIn: 300, resendIn: 60 } });
    if (url.endsWith('/member/password/reset')) return resetAnswer();
    if (url.endsWith('/member/info')) return envelopeResponse({ code: 200, msg: 'ok', data: member });
    return envelopeResponse({ code: 200, msg: 'ok', data: captcha });
  });
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, code = '246810') {
  await screen.findByRole('img', { name: '图形验证码' });
  await user.type(screen.getByTestId('captcha-input'), 'k7m2');
  await user.click(screen.getByTestId('sms-send'));
  expect(await screen.findByText(/60 秒后重发|59 秒后重发/)).toBeInTheDocument();
  await user.type(screen.getByTestId('forgot-sms-code'), code);
  await user.type(screen.getByTestId('forgot-password-new'), 'newPass2026');
  await user.type(screen.getByTestId('forgot-password-confirm'), 'newPass2026');
  await user.click(screen.getByTestId('forgot-password-submit'));
}

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
});

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

describe('forgot password', () => {
  it('is offered on the login page and carries the typed phone along', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    const user = userEvent.setup();
    const { router } = renderPage(<LoginPage />, '/pages/login/login?redirect=%2Fpages%2Fbill%2Fbill');
    await user.type(screen.getByTestId('login-phone'), '13812345678');
    await user.click(screen.getByRole('button', { name: '忘记密码？' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/forgot-password/forgot-password'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('phone')).toBe('13812345678');
    expect(query.get('redirect')).toBe('/pages/bill/bill');
  });

  it('sends a code for the phone (scene password), sets the new password and logs the member in', async () => {
    const { calls } = server(() =>
      envelopeResponse({ code: 200, msg: 'ok', data: { token: 'new-session', expiresAt: 1 } }),
    );
    const user = userEvent.setup();
    const { router } = renderPage(
      <ForgotPasswordPage />,
      '/pages/forgot-password/forgot-password?phone=13812345678&redirect=%2Fpages%2Fbill%2Fbill',
    );
    expect(
      screen.getByText('验证手机号后设置新的登录密码。设置成功即为您登录，其他设备上的登录将全部失效。'),
    ).toBeVisible();
    expect(screen.getByTestId('forgot-phone')).toHaveValue('13812345678');
    await fillForm(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/bill/bill'));
    expect(body(calls.find((call) => call.url.endsWith('/send')))).toEqual({
      phone: '13812345678',
      scene: 'password',
      captchaId: 'c9',
      captchaCode: 'k7m2',
    });
    expect(body(calls.find((call) => call.url.endsWith('/member/password/reset')))).toEqual({
      phone: '13812345678',
      smsCode: '246810',
      password: 'newPass2026',
    });
    expect(getToken()).toBe('new-session');
    expect(useUserStore.getState().userInfo?.nickname).toBe('藏友5678');
  });

  it('says a code comes only if the phone has an account (the server answers alike for every phone)', async () => {
    server(() => envelopeResponse({ code: 200, msg: 'ok', data: { token: 't', expiresAt: 1 } }));
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, '/pages/forgot-password/forgot-password?phone=13812345678');
    await screen.findByRole('img', { name: '图形验证码' });
    await user.type(screen.getByTestId('captcha-input'), 'k7m2');
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByTestId('sms-sent-notice')).toHaveTextContent(
      '如该手机号已注册，验证码已发送至该号码，请查收；未收到请核对手机号。',
    );
  });

  it('shows a wrong code under the code field and stays on the page, logged out', async () => {
    server(() =>
      envelopeResponse(
        { code: 400, msg: '短信验证码错误或已过期', data: { reason: 'SMS_CODE_INVALID', field: 'smsCode' } },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    const { router } = renderPage(<ForgotPasswordPage />, '/pages/forgot-password/forgot-password');
    await user.type(screen.getByTestId('forgot-phone'), '13812345678');
    await fillForm(user, '000000');
    expect(await screen.findByText('短信验证码错误或已过期，请重新获取')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/forgot-password/forgot-password');
    expect(getToken()).toBeNull();
  });

  it('asks for the phone before sending a code, and for the same password twice', async () => {
    const { calls } = server(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, '/pages/forgot-password/forgot-password');
    await screen.findByRole('img', { name: '图形验证码' });
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    await user.type(screen.getByTestId('forgot-password-new'), 'newPass2026');
    await user.type(screen.getByTestId('forgot-password-confirm'), 'newPass2025');
    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/send') || call.url.endsWith('/reset'))).toBe(false);
  });
});
