import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { MessageBox } from './message-box';
import { showMessageBox, useMessageBoxStore } from './message-box.store';

// The box's code arrives with the first box; transformed here once so that no test waits on it.
beforeAll(() => import('./message-box-dialog'));

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
  useMessageBoxStore.setState({ visible: false, pending: null });
});

describe('message box', () => {
  it('defaults to the warm-reminder title, 确定 and 取消, both buttons shown', async () => {
    render(<MessageBox />);
    act(() => {
      void showMessageBox({ msg: '确定要退出当前账户吗？' });
    });
    expect(await screen.findByTestId('message-box-title')).toHaveTextContent('温馨提示');
    expect(screen.getByTestId('message-box-msg')).toHaveTextContent('确定要退出当前账户吗？');
    expect(screen.getByTestId('message-box-confirm')).toHaveTextContent('确定');
    expect(screen.getByTestId('message-box-cancel')).toHaveTextContent('取消');
    const { options, visible } = useMessageBoxStore.getState();
    expect(visible).toBe(true);
    expect(options).toMatchObject({
      title: '温馨提示',
      confirmText: '确定',
      cancelText: '取消',
      showConfirm: true,
      showCancel: true,
    });
  });

  it('resolves true when confirmed and hides', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<MessageBox />);
    let result: Promise<boolean> = Promise.resolve(false);
    act(() => {
      result = showMessageBox({ msg: 'go?' });
    });
    await user.click(await screen.findByTestId('message-box-confirm'));
    await expect(result).resolves.toBe(true);
    expect(useMessageBoxStore.getState().visible).toBe(false);
  });

  it('resolves false when cancelled', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<MessageBox />);
    let result: Promise<boolean> = Promise.resolve(true);
    act(() => {
      result = showMessageBox({ msg: 'go?', title: 'Custom', confirmText: 'Yes', cancelText: 'No' });
    });
    expect(await screen.findByTestId('message-box-title')).toHaveTextContent('Custom');
    await user.click(screen.getByTestId('message-box-cancel'));
    await expect(result).resolves.toBe(false);
  });

  it('lines a list up from the start when asked, and centres a sentence by default', async () => {
    render(<MessageBox />);
    act(() => {
      void showMessageBox({ msg: '1. 新功能\n2. 修复问题', align: 'start' });
    });
    expect(await screen.findByTestId('message-box-msg')).toHaveClass('message-box-text-start');
    act(() => {
      void showMessageBox({ msg: '确定吗？' });
    });
    await waitFor(() => expect(screen.getByTestId('message-box-msg')).not.toHaveClass('message-box-text-start'));
  });

  it('hides a button that is turned off', async () => {
    render(<MessageBox />);
    act(() => {
      void showMessageBox({ msg: 'only OK', showCancel: false });
    });
    expect(await screen.findByTestId('message-box-confirm')).toBeInTheDocument();
    expect(screen.queryByTestId('message-box-cancel')).not.toBeInTheDocument();
  });

  it('answers an open box with false when another one replaces it', async () => {
    render(<MessageBox />);
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = showMessageBox({ msg: 'first' });
    });
    act(() => {
      void showMessageBox({ msg: 'second' });
    });
    await expect(first).resolves.toBe(false);
    await waitFor(() => expect(screen.getByTestId('message-box-msg')).toHaveTextContent('second'));
  });
});
