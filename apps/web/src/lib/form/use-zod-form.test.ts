import { changePasswordInput, loginInput, registerInput } from '@antique/shared';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n';
import { useZodForm, type ZodFormOptions } from './use-zod-form';

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
});

const passwordForm = (
  overrides: Partial<ZodFormOptions<{ smsCode: string; password: string; confirm: string }, unknown>>,
) =>
  renderHook(() =>
    useZodForm({
      schema: changePasswordInput,
      initialValues: { smsCode: '', password: '', confirm: '' },
      check: (values, errors) =>
        !errors.password && values.confirm !== values.password ? { confirm: '两次输入的密码不一致' } : {},
      onSubmit: vi.fn(),
      ...overrides,
    }),
  );

describe('useZodForm', () => {
  it('shows each field’s schema message in the member’s language and submits nothing', async () => {
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    const { result } = passwordForm({ onSubmit, onInvalid });
    act(() => result.current.setValue('password', 'letters'));
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({
      smsCode: '请输入 6 位短信验证码',
      password: '密码需为 8–32 位，且同时包含字母和数字',
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(result.current.errors, false);

    await changeLocale('en', false);
    await act(() => result.current.submit());
    expect(result.current.errors.smsCode).not.toBe('请输入 6 位短信验证码');
    expect(result.current.errors.smsCode).toMatch(/\w/);
  });

  it('adds the page’s own rules after the schema, and clears a message as its field changes', async () => {
    const { result } = passwordForm({});
    act(() => result.current.setValues({ smsCode: '123456', password: 'abc12345', confirm: 'abc1234' }));
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ confirm: '两次输入的密码不一致' });
    act(() => result.current.setValue('confirm', 'abc12345'));
    expect(result.current.errors.confirm).toBeUndefined();
  });

  it('hands the parsed input to onSubmit and is busy until it settles', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() =>
      useZodForm({
        schema: registerInput,
        initialValues: { phone: ' 13812345678 ', smsCode: '123456', password: 'abc12345', inviteCode: 'ab12' },
        onSubmit,
      }),
    );
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.submit();
    });
    expect(result.current.submitting).toBe(true);
    await act(() => result.current.submit());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([
      { phone: '13812345678', smsCode: '123456', password: 'abc12345', inviteCode: 'AB12' },
      expect.objectContaining({ inviteCode: 'ab12' }),
    ]);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.submitting).toBe(false);
  });

  it('checks one field alone and returns its parsed value', () => {
    const { result } = renderHook(() =>
      useZodForm({ schema: registerInput, initialValues: { phone: '1381234', smsCode: '' }, onSubmit: vi.fn() }),
    );
    let checked: ReturnType<typeof result.current.validateField<'phone'>> | undefined;
    act(() => {
      checked = result.current.validateField('phone');
    });
    expect(checked).toEqual({ ok: false, message: '请输入正确的 11 位手机号' });
    expect(result.current.errors).toEqual({ phone: '请输入正确的 11 位手机号' });

    act(() => result.current.setValue('phone', '13812345678 '));
    act(() => {
      checked = result.current.validateField('phone');
    });
    expect(checked).toEqual({ ok: true, value: '13812345678' });
    expect(result.current.errors.phone).toBeUndefined();
    expect(result.current.errors.smsCode).toBeUndefined();
  });

  it('replaces a field’s message when told, and can keep messages while typing', async () => {
    const { result } = renderHook(() =>
      useZodForm({
        schema: loginInput,
        initialValues: { phone: '13812345678', password: '' },
        messages: { password: 'invalid.loginPassword' },
        clearErrorOnChange: false,
        onSubmit: vi.fn(),
      }),
    );
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ password: '请输入登录密码' });
    act(() => result.current.setValue('password', 'x'));
    expect(result.current.errors).toEqual({ password: '请输入登录密码' });
  });

  it('leaves the guard to a mutation when the page passes its pending state', async () => {
    const onSubmit = vi.fn();
    const { result, rerender } = renderHook(({ busy }) => useZodForm({ ...loginOptions, busy, onSubmit }), {
      initialProps: { busy: true },
    });
    await act(() => result.current.submit());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(result.current.submitting).toBe(true);
    rerender({ busy: false });
    await act(() => result.current.submit());
    expect(onSubmit).toHaveBeenCalledWith({ phone: '13812345678', password: 'secret' }, expect.anything());
  });
});

const loginOptions = {
  schema: loginInput,
  initialValues: { phone: '13812345678', password: 'secret' },
};

describe('useZodForm with a schema still loading', () => {
  it('waits for it on a submit and checks by it', async () => {
    let arrive: () => void = () => undefined;
    const loading = new Promise<typeof loginInput>((resolve) => (arrive = () => resolve(loginInput)));
    const onSubmit = vi.fn();
    const { result } = renderHook(() =>
      useZodForm({ schema: () => loading, initialValues: { phone: '12345', password: '' }, onSubmit }),
    );
    let submitted: Promise<void> = Promise.resolve();
    act(() => {
      submitted = result.current.submit();
    });
    expect(result.current.errors).toEqual({});
    await act(async () => {
      arrive();
      await submitted;
    });
    expect(result.current.errors.phone).toBe('请输入正确的 11 位手机号');
    expect(onSubmit).not.toHaveBeenCalled();

    act(() => result.current.setValues({ phone: '13812345678', password: 'abc12345' }));
    await act(() => result.current.submit());
    expect(onSubmit).toHaveBeenCalledWith({ phone: '13812345678', password: 'abc12345' }, expect.anything());
  });

  it('fetches it at the first touch of the page, not before', async () => {
    const loader = vi.fn(() => Promise.resolve(loginInput));
    const { result } = renderHook(() =>
      useZodForm({ schema: loader, initialValues: { phone: '12345', password: '' }, onSubmit: vi.fn() }),
    );
    expect(loader).not.toHaveBeenCalled();
    // Unchecked until it is in; the server checks anyway.
    expect(result.current.validateField('phone').ok).toBe(true);
    act(() => window.dispatchEvent(new Event('pointerdown')));
    expect(loader).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(result.current.validateField('phone').ok).toBe(false));
    await act(() => result.current.submit());
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
