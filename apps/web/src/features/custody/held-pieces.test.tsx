import type { Holding } from '@antique/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HeldPieces } from './held-pieces';

const piece = (id: number, status: Holding['status'] = 'held'): Holding => ({
  id,
  productId: id,
  title: `藏品 ${id}`,
  cover: '',
  acquiredPrice: 100_000 * id,
  acquiredAt: 1_760_000_000_000,
  source: 'mall',
  status,
  orderId: id,
});

function setup() {
  const handlers = { onOpen: vi.fn(), onPick: vi.fn(), onDelegate: vi.fn() };
  render(<HeldPieces holdings={[piece(1), piece(2), piece(3), piece(4, 'delegated')]} {...handlers} />);
  const card = (id: number) => screen.getAllByTestId('pick-item').find((item) => item.dataset.id === String(id))!;
  const check = (id: number) => within(card(id)).getByTestId('pick-item-check');
  return { handlers, card, check };
}

describe('choosing held pieces', () => {
  it('picks up several chosen pieces and consigns exactly one', async () => {
    const user = userEvent.setup();
    const { handlers, check, card } = setup();
    expect(screen.getByTestId('held-pick')).toBeDisabled();
    expect(screen.getByTestId('held-delegate')).toBeDisabled();
    // A consigned piece cannot be chosen.
    expect(within(card(4)).queryByTestId('pick-item-check')).toBeNull();

    await user.click(check(1));
    expect(screen.getByTestId('held-count')).toHaveAttribute('data-count', '1');
    expect(screen.getByTestId('held-delegate')).toBeEnabled();
    await user.click(screen.getByTestId('held-delegate'));
    expect(handlers.onDelegate).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));

    await user.click(check(3));
    expect(screen.getByTestId('held-count')).toHaveAttribute('data-count', '2');
    expect(screen.getByTestId('held-delegate')).toBeDisabled();
    await user.click(screen.getByTestId('held-pick'));
    expect(handlers.onPick).toHaveBeenCalledWith([
      expect.objectContaining({ id: 1 }),
      expect.objectContaining({ id: 3 }),
    ]);
  });

  it('chooses every held piece at once and clears them again', async () => {
    const user = userEvent.setup();
    const { check } = setup();
    await user.click(screen.getByTestId('held-select-all'));
    expect(screen.getByTestId('held-count')).toHaveAttribute('data-count', '3');
    await user.click(check(2));
    expect(screen.getByTestId('held-count')).toHaveAttribute('data-count', '2');
    await user.click(screen.getByTestId('held-select-all'));
    expect(screen.getByTestId('held-count')).toHaveAttribute('data-count', '3');
    await user.click(screen.getByTestId('held-select-all'));
    expect(screen.getByTestId('held-count')).toHaveAttribute('data-count', '0');
  });

  it('opens a piece’s history from its card', async () => {
    const user = userEvent.setup();
    const { handlers, card } = setup();
    await user.click(within(card(2)).getByTestId('pick-item-open'));
    expect(handlers.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });
});
