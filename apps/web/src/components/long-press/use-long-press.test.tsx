import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useLongPress } from './use-long-press';

function Card({ onLongPress, onClick }: { onLongPress(): void; onClick(): void }) {
  const press = useLongPress(onLongPress);
  return (
    <div data-testid="card" {...press}>
      <button type="button" onClick={onClick}>
        open
      </button>
    </div>
  );
}

const down = (x = 100, y = 100) =>
  fireEvent.pointerDown(screen.getByTestId('card'), { button: 0, clientX: x, clientY: y });
const move = (x: number, y: number) => fireEvent.pointerMove(screen.getByTestId('card'), { clientX: x, clientY: y });

beforeEach(() => vi.useFakeTimers());

describe('long press', () => {
  it('fires once the press has lasted 350 ms, not before', () => {
    const onLongPress = vi.fn();
    render(<Card onLongPress={onLongPress} onClick={() => undefined} />);
    expect(LONG_PRESS_MS).toBe(350);
    down();
    vi.advanceTimersByTime(349);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('tolerates a wobble of 10 px but is cancelled by more', () => {
    const onLongPress = vi.fn();
    render(<Card onLongPress={onLongPress} onClick={() => undefined} />);
    down();
    move(106, 108);
    vi.advanceTimersByTime(350);
    expect(onLongPress).toHaveBeenCalledTimes(1);

    down();
    move(100, 111);
    vi.advanceTimersByTime(400);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('is cancelled by lifting the finger early, and swallows the click that ends a long press', () => {
    const onLongPress = vi.fn();
    const onClick = vi.fn();
    render(<Card onLongPress={onLongPress} onClick={onClick} />);
    down();
    vi.advanceTimersByTime(200);
    fireEvent.pointerUp(screen.getByTestId('card'));
    vi.advanceTimersByTime(500);
    expect(onLongPress).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('open'));
    expect(onClick).toHaveBeenCalledTimes(1);

    down();
    vi.advanceTimersByTime(350);
    fireEvent.pointerUp(screen.getByTestId('card'));
    fireEvent.click(screen.getByText('open'));
    expect(onLongPress).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
