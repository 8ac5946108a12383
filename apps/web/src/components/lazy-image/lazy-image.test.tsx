import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from './lazy-image';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observed: Callback[] = [];

function stubObserver() {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('lazy image', () => {
  it('fetches a picture far from the screen only once it comes near', () => {
    stubObserver();
    const { container } = render(<LazyImage src="/files/a.jpg" alt="青花瓶" testId="pic" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('pic')).toHaveClass('lazy-image-waiting');

    act(() => observed.forEach((callback) => callback([{ isIntersecting: true }])));
    expect(screen.getByRole('img', { name: '青花瓶' })).toHaveAttribute('src', '/files/a.jpg');
    expect(screen.getByTestId('pic')).toHaveClass('lazy-image-loading');
  });

  it('fetches a first-screen picture at once, ahead of the others', () => {
    stubObserver();
    render(<LazyImage src="/files/banner.jpg" alt="" eager testId="pic" />);
    const img = screen.getByTestId('pic').querySelector('img');
    expect(img).toHaveAttribute('src', '/files/banner.jpg');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });
});
