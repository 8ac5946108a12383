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

/** Slides a keyboard reaches, as the banner's are. */
function buttons(n: number) {
  return Array.from({ length: n }, (_, i) => (
    <button key={i} type="button">
      第{i + 1}张
    </button>
  ));
}

/** Which dot is lit, as the member sees it. */
function activeDot(container: HTMLElement): number {
  return [...container.querySelectorAll('.carousel-dot')].indexOf(container.querySelector('.carousel-dot-active')!);
}

/** The browser's scroll events, which jsdom does not send, and the frame that reads them. */
function scrolled(element: HTMLElement) {
  fireEvent.scroll(element);
  act(() => vi.advanceTimersToNextFrame());
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

  it('follows the last slide with a copy of the first, neither read out, nor focusable, nor counted', () => {
    const { container, rerender } = render(
      <Carousel label="精选推荐" autoplay={5000} dotsClassName="dots">
        {buttons(3)}
      </Carousel>,
    );
    const copy = container.querySelectorAll('.carousel-slide')[3]!;
    expect(copy).toHaveTextContent('第1张');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    expect(copy).toHaveAttribute('inert');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 / 3', '2 / 3', '3 / 3']);
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(container.querySelectorAll('.carousel-dot')).toHaveLength(3);
    // A gallery that does not play, or a single slide, has no copy: a swipe stops at the last.
    rerender(
      <Carousel label="藏品图片" dotsClassName="dots">
        {buttons(3)}
      </Carousel>,
    );
    expect(container.querySelectorAll('.carousel-slide')).toHaveLength(3);
    rerender(
      <Carousel label="精选推荐" autoplay={5000} dotsClassName="dots">
        {buttons(1)}
      </Carousel>,
    );
    expect(container.querySelectorAll('.carousel-slide')).toHaveLength(1);
  });

  it('glides on forwards from the last slide to the first, through the copy, and on from the first', () => {
    vi.useFakeTimers();
    preferReducedMotion(false);
    const { container } = render(
      <Carousel label="精选推荐" autoplay={5000} duration={500} dotsClassName="dots">
        {slides(3)}
      </Carousel>,
    );
    const element = track();
    act(() => vi.advanceTimersByTime(10_600));
    scrolled(element);
    expect(element.scrollLeft).toBe(2 * WIDTH);
    expect(activeDot(container)).toBe(2);
    act(() => vi.advanceTimersByTime(4400));
    const seen: number[] = [];
    for (let frame = 0; frame < 40 && (seen.length === 0 || seen.at(-1)! > 0); frame++) {
      act(() => vi.advanceTimersToNextFrame());
      seen.push(element.scrollLeft);
      if (seen.length === 20) {
        // Past half way the first slide is in view (its copy): its dot is lit already.
        scrolled(element);
        expect(activeDot(container)).toBe(0);
      }
    }
    const glide = seen.slice(0, -1);
    expect(glide.length).toBeGreaterThan(10);
    expect(glide.every((left, at) => left > 2 * WIDTH && (at === 0 || left >= glide[at - 1]!))).toBe(true);
    expect(glide.at(-1)).toBeGreaterThan(2.9 * WIDTH);
    // Once there, the copy is silently the first slide itself.
    expect(seen.at(-1)).toBe(0);
    expect(activeDot(container)).toBe(0);
    expect(element.style.scrollSnapType).toBe('');
    act(() => vi.advanceTimersByTime(5600));
    expect(element.scrollLeft).toBe(WIDTH);
  });

  it('lands a swipe onto the copy on the first slide, once the finger is off and the slides are still', () => {
    vi.useFakeTimers();
    preferReducedMotion(true);
    const { container } = render(
      <Carousel label="精选推荐" autoplay={5000} dotsClassName="dots">
        {slides(3)}
      </Carousel>,
    );
    const element = track();
    fireEvent.touchStart(element);
    element.scrollLeft = 3 * WIDTH;
    scrolled(element);
    expect(activeDot(container)).toBe(0);
    // The finger still down: the slides stay where it holds them.
    act(() => {
      element.dispatchEvent(new Event('scrollend'));
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(element.scrollLeft).toBe(3 * WIDTH);
    // Lifted: in Chromium at `scrollend`; in a browser without it, a moment after the last scroll.
    fireEvent.touchEnd(element);
    act(() => vi.advanceTimersByTime(200));
    expect(element.scrollLeft).toBe(0);
    expect(activeDot(container)).toBe(0);
    // The next move is from the first to the second.
    act(() => vi.advanceTimersByTime(5000));
    expect(element.scrollLeft).toBe(WIDTH);
  });

  it('waits while keyboard focus is in it, from slide to slide and under a finger, and moves on after it leaves', () => {
    vi.useFakeTimers();
    preferReducedMotion(true);
    const { container } = render(
      <>
        <Carousel label="精选推荐" autoplay={5000} dotsClassName="dots">
          {buttons(3)}
        </Carousel>
        <button type="button">别处</button>
      </>,
    );
    const element = track();
    const [first, second] = screen.getAllByRole('button', { name: /第/ });
    act(() => first!.focus());
    act(() => vi.advanceTimersByTime(12_000));
    expect(element.scrollLeft).toBe(0);
    act(() => second!.focus());
    act(() => element.focus());
    act(() => vi.advanceTimersByTime(12_000));
    expect(element.scrollLeft).toBe(0);
    // A finger lifted while focus stays in: still waiting.
    fireEvent.touchStart(element);
    fireEvent.touchEnd(element);
    act(() => vi.advanceTimersByTime(12_000));
    expect(element.scrollLeft).toBe(0);
    expect(activeDot(container)).toBe(0);
    act(() => screen.getByRole('button', { name: '别处' }).focus());
    act(() => vi.advanceTimersByTime(4999));
    expect(element.scrollLeft).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(element.scrollLeft).toBe(WIDTH);
    scrolled(element);
    expect(activeDot(container)).toBe(1);
  });

  it('waits while a mouse is over it, not for a finger, and moves on after the mouse leaves', () => {
    vi.useFakeTimers();
    preferReducedMotion(true);
    render(
      <Carousel label="精选推荐" autoplay={5000}>
        {slides(3)}
      </Carousel>,
    );
    const element = track();
    fireEvent.pointerEnter(element, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(12_000));
    expect(element.scrollLeft).toBe(0);
    // Pressed and let go, still over it.
    fireEvent.pointerDown(element, { pointerType: 'mouse' });
    fireEvent.pointerUp(element, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(12_000));
    expect(element.scrollLeft).toBe(0);
    fireEvent.pointerLeave(element, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(5000));
    expect(element.scrollLeft).toBe(WIDTH);
    scrolled(element);
    // A finger's pointer "entering" (a tap) does not stop it; the finger itself does while down.
    fireEvent.pointerEnter(element, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(5000));
    expect(element.scrollLeft).toBe(2 * WIDTH);
  });
});
