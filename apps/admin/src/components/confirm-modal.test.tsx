import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { ApiError } from '../lib/request';
import { renderWithProviders } from '../test/render';
import { useConfirmAction } from './confirm-modal';

function Harness({ run }: { run: (name: string) => Promise<string> }) {
  const remove = useConfirmAction<string>({
    title: () => '删除',
    okText: () => '确认删除',
    okTestId: 'confirm',
    body: (name) => `确定删除「${name}」吗？`,
    run,
  });
  return (
    <>
      <Button onClick={() => remove.ask('青花瓶')} data-testid="ask">
        删除
      </Button>
      {remove.dialog}
    </>
  );
}

describe('useConfirmAction', () => {
  it('asks about the row, runs the action on confirmation and says what happened', async () => {
    const run = vi.fn(async (name: string) => `已删除「${name}」`);
    renderWithProviders(<Harness run={run} />);

    fireEvent.click(screen.getByTestId('ask'));
    expect(await screen.findByText('确定删除「青花瓶」吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm'));

    expect(await screen.findByText('已删除「青花瓶」')).toBeInTheDocument();
    expect(run).toHaveBeenCalledWith('青花瓶');
  });

  it('shows the server’s message on a failure and stays open for another try', async () => {
    const run = vi.fn(async () => {
      throw new ApiError(409, '状态已变化');
    });
    renderWithProviders(<Harness run={run} />);

    fireEvent.click(screen.getByTestId('ask'));
    fireEvent.click(await screen.findByTestId('confirm'));

    expect(await screen.findByText('状态已变化')).toBeInTheDocument();
    expect(screen.getByTestId('confirm')).toBeEnabled();
    fireEvent.click(screen.getByTestId('confirm'));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
  });
});
