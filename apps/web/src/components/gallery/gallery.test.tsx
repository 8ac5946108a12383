import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Gallery } from './gallery';

const images = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'];
const viewer = () => document.querySelector('.adm-image-viewer-slides, .adm-image-viewer-content');

describe("a piece's gallery", () => {
  it('shows every picture with a count, and no zoom viewer until a picture is tapped', () => {
    render(<Gallery images={images} title="清乾隆 青花梅瓶" testId="product" />);
    expect(screen.getAllByTestId('product-image')).toHaveLength(3);
    expect(screen.getByText('1/3')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '藏品图片' })).toBeInTheDocument();
    expect(viewer()).toBeNull();
  });

  it('zooms on the tapped picture once its viewer has loaded, and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images} title="清乾隆 青花梅瓶" testId="product" />);
    await user.click(screen.getAllByTestId('product-image')[1]!);
    await waitFor(() => expect(viewer()).not.toBeNull());
    expect(document.querySelector('.adm-image-viewer-indicator')?.textContent).toBe('2 / 3');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.gallery-viewer-mask')).not.toBeVisible());
  });
});
