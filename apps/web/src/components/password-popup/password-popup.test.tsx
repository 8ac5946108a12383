import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordPopup } from './password-popup';

describe('password popup', () => {
  it('hands over the six digits once the last is typed, then starts empty', async () => {
    const onFill = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<PasswordPopup visible title="请输入 6 位交易密码" onFill={onFill} onClose={() => undefined} />);
    expect(await screen.findByText('请输入 6 位交易密码')).toBeInTheDocument();
    await user.keyboard('12345');
    expect(onFill).not.toHaveBeenCalled();
    expect(screen.getByTestId('password-popup-input')).toHaveAttribute('data-length', '5');
    await user.keyboard('{Backspace}56');
    expect(onFill).toHaveBeenCalledWith('123456');
    expect(screen.getByTestId('password-popup-input')).toHaveAttribute('data-length', '0');
  });

  it('shows the error it is given', async () => {
    render(
      <PasswordPopup visible error="两次输入的交易密码不一致" onFill={() => undefined} onClose={() => undefined} />,
    );
    expect(await screen.findByTestId('password-popup-error')).toHaveTextContent('两次输入的交易密码不一致');
  });
});
