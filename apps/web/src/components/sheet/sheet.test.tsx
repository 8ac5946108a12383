import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazySheet } from './lazy-sheet';
import { loadPopup, Sheet } from './sheet';

const sheet = (visible: boolean) => (
  <Sheet visible={visible} destroyOnClose>
    <p>出价</p>
  </Sheet>
);

describe('the bottom sheet', () => {
  it('puts nothing on the page until it first opens', () => {
    render(sheet(false));
    expect(document.querySelector('.adm-popup')).toBeNull();
    expect(screen.queryByText('出价')).toBeNull();
  });

  it('opens when asked, closes, and opens again', async () => {
    const { rerender } = render(sheet(false));
    rerender(sheet(true));
    expect(await screen.findByText('出价')).toBeVisible();
    // Closed once it has opened, as a finger would: antd-mobile's Popup closed in the middle of
    // its opening glide kept its content past the 5 s wait once, under CI's load.
    const body = () => document.querySelector<HTMLElement>('.adm-popup-body');
    await waitFor(() => expect(body()?.style.pointerEvents).toBe('unset'));
    rerender(sheet(false));
    await waitFor(() => expect(screen.queryByText('出价')).toBeNull());
    rerender(sheet(true));
    expect(await screen.findByText('出价')).toBeVisible();
  });

  it('shows at once when it starts open once its code is in (the page loads it at the first touch)', async () => {
    await loadPopup();
    render(sheet(true));
    expect(screen.getByText('出价')).toBeInTheDocument();
  });
});

describe('a sheet whose module loads when it is first wanted', () => {
  it('renders nothing and loads nothing before it opens, then shows what its module draws', async () => {
    let loads = 0;
    const Keypad = lazySheet<{ visible: boolean }>(async () => {
      loads += 1;
      return ({ visible }) => (visible ? <p>请输入交易密码</p> : null);
    });
    const { rerender } = render(<Keypad visible={false} />);
    expect(screen.queryByText('请输入交易密码')).toBeNull();
    expect(loads).toBe(0);
    rerender(<Keypad visible />);
    expect(await screen.findByText('请输入交易密码')).toBeVisible();
    rerender(<Keypad visible={false} />);
    expect(screen.queryByText('请输入交易密码')).toBeNull();
    rerender(<Keypad visible />);
    expect(screen.getByText('请输入交易密码')).toBeVisible();
    expect(loads).toBe(1);
  });
});
