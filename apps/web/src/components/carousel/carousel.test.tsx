import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const WIDTH = 375;

function slides(n: number) {
  return Array.from({ length: n }, (_, i) => <p key={i}>第{i + 1}张</p>);
}

/** jsdom lays nothing out: the track is given the phone's width. */
function track(): HTMLElement {
  const element = screen.getByRole('region');
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: WIDTH });
  return element;
}

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce') }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the carousel', () => {
  it('names itself and each slide for a screen reader, with dots only for more than one slide', () => {
    const { rerender, container } = render(
      <Carousel label="精选推荐" dotsClassName="dots">
        {slides(3)}
      </Carousel>,
    );
    expect(screen.getByRole('region', { name: '精选推荐' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 / 3', '2 / 3', '3 / 3']);
    expect(container.querySelectorAll('.carousel-dot')).toHaveLength(3);
    expect(container.querySelector('.carousel-dot-active')).toBe(container.querySelector('.carousel-dot'));
    rerender(
      <Carousel label="精选推荐" dotsClassName="dots">
        {slides(1)}
      </Carousel>,
    );
    expect(container.querySelectorAll('.carousel-dot')).toHaveLength(0);
  });

  it('says which slide the member swiped to', async () => {
    const onIndexChange = vi.fn();
    const { container } = render(
      <Carousel label="藏品图片" onIndexChange={onIndexChange} dotsClassName="dots">
        {slides(3)}
      </Carousel>,
    );
    const element = track();
    element.scrollLeft = 2 * WIDTH - 10; // Snapping, nearly there.
    fireEvent.scroll(element);
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    expect(
      [...container.querySelectorAll('.carousel-dot')].indexOf(container.querySelector('.carousel-dot-active')!),
    ).toBe(2);
  });

  it('moves on by itself every interval, back to the first after the last, and waits while touched', () => {
    vi.useFakeTimers();
    preferReducedMotion(true);
    render(
      <Carousel label="精选推荐" autoplay={5000}>
        {slides(2)}
      </Carousel>,
    );
    const element = track();
    const scrolled = () => {
      fireEvent.scroll(element);
      act(() => vi.advanceTimersToNextFrame());
    };
    act(() => vi.advanceTimersByTime(4999));
    expect(element.scrollLeft).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(element.scrollLeft).toBe(WIDTH);
    scrolled();
    // A finger on it: no move while it stays, nor for a whole interval after it leaves.
    fireEvent.touchStart(element);
    // Its pointer is cancelled once the browser pans the slides: the finger is still down.
    fireEvent.pointerCancel(element, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(12_000));
    expect(element.scrollLeft).toBe(WIDTH);
    fireEvent.touchEnd(element);
    act(() => vi.advanceTimersByTime(4000));
    expect(element.scrollLeft).toBe(WIDTH);
    act(() => vi.advanceTimersByTime(1000));
    expect(element.scrollLeft).toBe(0);
  });

  it('settles on the slide when the scroll ends, without waiting for a frame', () => {
    const onIndexChange = vi.fn();
    render(
      <Carousel label="藏品图片" onIndexChange={onIndexChange}>
        {slides(3)}
      </Carousel>,
    );
    const element = track();
    element.scrollLeft = WIDTH;
    act(() => {
      element.dispatchEvent(new Event('scrollend'));
    });
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
  });

  it('waits while the page is hidden or a mouse holds it, and moves on after', () => {
    vi.useFakeTimers();
    preferReducedMotion(true);
    render(
      <Carousel label="精选推荐" autoplay={5000}>
        {slides(3)}
      </Carousel>,
    );
    const element = track();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => vi.advanceTimersByTime(15_000));
    expect(element.scrollLeft).toBe(0);
    visibility.mockReturnValue('visible');
    act(() => vi.advanceTimersByTime(5000));
    expect(element.scrollLeft).toBe(WIDTH);
    act(() => {
      element.dispatchEvent(new Event('scrollend'));
    });
    visibility.mockRestore();
    fireEvent.pointerDown(element, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(15_000));
    expect(element.scrollLeft).toBe(WIDTH);
    fireEvent.pointerUp(element, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(5000));
    expect(element.scrollLeft).toBe(2 * WIDTH);
  });

  it('glides to the next slide over the given duration, snapping off while it moves', () => {
    vi.useFakeTimers();
    preferReducedMotion(false);
    render(
      <Carousel label="精选推荐" autoplay={5000} duration={500}>
        {slides(3)}
      </Carousel>,
    );
    const element = track();
    act(() => vi.advanceTimersByTime(5000));
    act(() => vi.advanceTimersByTime(250));
    expect(element.scrollLeft).toBeGreaterThan(0);
    expect(element.scrollLeft).toBeLessThan(WIDTH);
    expect(element.style.scrollSnapType).toBe('none');
    act(() => vi.advanceTimersByTime(300));
    expect(element.scrollLeft).toBe(WIDTH);
    expect(element.style.scrollSnapType).toBe('');
  });

  it('does not play a single slide', () => {
    vi.useFakeTimers();
    preferReducedMotion(true);
    render(
      <Carousel label="精选推荐" autoplay={5000}>
        {slides(1)}
      </Carousel>,
    );
    const element = track();
    act(() => vi.advanceTimersByTime(20_000));
    expect(element.scrollLeft).toBe(0);
  });
});
