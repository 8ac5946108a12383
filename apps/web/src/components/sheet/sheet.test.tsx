import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sheet } from './sheet';

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
    rerender(sheet(false));
    await waitFor(() => expect(screen.queryByText('出价')).toBeNull());
    rerender(sheet(true));
    expect(await screen.findByText('出价')).toBeVisible();
  });

  it('shows at once when it starts open', () => {
    render(sheet(true));
    expect(screen.getByText('出价')).toBeInTheDocument();
  });
});
