import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { changeLocale } from '../../lib/i18n';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import RegisterPage from './register.page';

const captcha = { captchaId: 'c1', image: 'data:image/svg+xml;base64,PHN2Zy8+' };

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
});

afterEach(() => queryClient.clear());

describe('register page', () => {
  it.each([
    ['/pages/register/register?inviteCode=AB12CD', 'AB12CD'],
    ['/pages/register/register?code=XY34', 'XY34'],
  ])('pre-fills the invite code from %s', async (entry, code) => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: captcha }));
    renderPage(<RegisterPage />, entry);
    expect(await screen.findByTestId('register-invite-code')).toHaveValue(code);
  });

  it('registers with the code of the invite link the team page hands out', async () => {
    const { calls } = stubFetch(({ url }) =>
      url.endsWith('/member/register')
        ? envelopeResponse({ code: 400, msg: '邀请码无效', data: { reason: 'INVITE_CODE_INVALID' } }, { status: 400 })
        : envelopeResponse({ code: 200, msg: 'ok', data: captcha }),
    );
    const user = userEvent.setup();
    // The link is the app's address with the register route and ?inviteCode= in its hash.
    renderPage(<RegisterPage />, '/pages/register/register?inviteCode=AB12CD');
    expect(await screen.findByTestId('register-invite-code')).toHaveValue('AB12CD');
    await user.type(screen.getByTestId('register-phone'), '13812345678');
    await user.type(screen.getByTestId('register-sms-code'), '123456');
    await user.type(screen.getByTestId('register-password'), 'abc12345');
    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/member/register'))).toBe(true));
    const sent = calls.find((call) => call.url.endsWith('/member/register'));
    expect(JSON.parse(String(sent?.init.body))).toMatchObject({ phone: '13812345678', inviteCode: 'AB12CD' });
  });

  it('asks for a valid phone before sending an SMS code', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: captcha }));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/pages/register/register');
    await screen.findByRole('img', { name: '图形验证码' });
    await user.type(screen.getByTestId('register-phone'), '1381234');
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(calls.every((call) => !call.url.endsWith('/send'))).toBe(true);
  });

  it('sends the code after the captcha and counts down 60 seconds', async () => {
    const { calls } = stubFetch(({ url }) =>
      url.endsWith('/send')
        ? envelopeResponse({ code: 200, msg: 'ok', data: { expiresIn: 300, resendIn: 60 } })
        : envelopeResponse({ code: 200, msg: 'ok', data: captcha }),
    );
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/pages/register/register');
    await screen.findByRole('img', { name: '图形验证码' });
    await user.type(screen.getByTestId('register-phone'), '13812345678');
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    await user.type(screen.getByTestId('captcha-input'), 'ab12');
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText(/60 秒后重发|59 秒后重发/)).toBeInTheDocument();
    expect(screen.getByTestId('sms-send')).toBeDisabled();
    const send = calls.find((call) => call.url.endsWith('/send'));
    expect(JSON.parse(String(send?.init.body))).toEqual({
      phone: '13812345678',
      scene: 'register',
      captchaId: 'c1',
      captchaCode: 'ab12',
    });
  });

  it('tells whoever asked for a code to read their texts, which say so when the phone already has an account', async () => {
    stubFetch(({ url }) =>
      url.endsWith('/send')
        ? envelopeResponse({ code: 200, msg: 'ok', data: { expiresIn: 300, resendIn: 60 } })
        : envelopeResponse({ code: 200, msg: 'ok', data: captcha }),
    );
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/pages/register/register');
    await screen.findByRole('img', { name: '图形验证码' });
    expect(screen.queryByTestId('sms-sent-notice')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('register-phone'), '13812345678');
    await user.type(screen.getByTestId('captcha-input'), 'ab12');
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByTestId('sms-sent-notice')).toHaveTextContent(
      '短信已发送至该手机号，请查收。如该号码已注册，短信会提示您直接登录，忘记密码可在登录页找回。',
    );
    expect(await screen.findByText('短信已发送，请查收')).toBeInTheDocument();
  });

  it('shows a wrong code at the code, whoever owns the phone', async () => {
    stubFetch(({ url }) =>
      url.endsWith('/member/register')
        ? envelopeResponse(
            { code: 400, msg: '短信验证码错误或已失效', data: { reason: 'SMS_CODE_INVALID', field: 'smsCode' } },
            { status: 400 },
          )
        : envelopeResponse({ code: 200, msg: 'ok', data: captcha }),
    );
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/pages/register/register');
    await user.type(screen.getByTestId('register-phone'), '13812345678');
    await user.type(screen.getByTestId('register-sms-code'), '123456');
    await user.type(screen.getByTestId('register-password'), 'abc12345');
    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/验证码/);
  });

  it('refuses to register before the agreement is accepted', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: captcha }));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/pages/register/register');
    await user.type(screen.getByTestId('register-phone'), '13812345678');
    await user.type(screen.getByTestId('register-sms-code'), '123456');
    await user.type(screen.getByTestId('register-password'), 'abc12345');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('请先阅读并同意《用户协议》和《隐私政策》')).toBeInTheDocument();
    expect(calls.every((call) => !call.url.endsWith('/member/register'))).toBe(true);
  });

  it('explains the password rule', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: captcha }));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/pages/register/register');
    await user.type(screen.getByTestId('register-password'), 'onlyletters');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('密码需为 8–32 位，且同时包含字母和数字')).toBeInTheDocument();
  });

  it('links the user agreement and the privacy policy, each read over the form and accepted there', async () => {
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/rule')) {
        const id = new URL(url, 'http://x').searchParams.get('id');
        const title = id === 'privacy' ? '隐私政策' : '用户协议';
        return envelopeResponse({
          code: 200,
          msg: 'ok',
          data: { id, title, content: `<p>${title}正文</p>`, updatedAt: 0 },
        });
      }
      return envelopeResponse({ code: 200, msg: 'ok', data: captcha });
    });
    // The popup's mask takes pointer events while it animates; jsdom has no animation to wait for.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<RegisterPage />, '/pages/register/register');
    expect(await screen.findByTestId('register-agreement-link')).toHaveTextContent('《用户协议》');
    expect(screen.getByTestId('register-privacy-link')).toHaveTextContent('《隐私政策》');
    expect(screen.getByTestId('register-privacy-link')).toHaveAttribute('href', '#/pages/rule/rule?id=privacy');

    await user.click(screen.getByTestId('register-privacy-link'));
    expect(await screen.findByTestId('rule-title')).toHaveTextContent('隐私政策');
    expect(calls.some((call) => call.url.endsWith('/rule?id=privacy'))).toBe(true);
    await user.click(screen.getByTestId('agreement-accept'));
    expect(screen.getByTestId('register-agree').querySelector('input')).toBeChecked();
  });
});
