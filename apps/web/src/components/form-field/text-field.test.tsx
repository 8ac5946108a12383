import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { textFieldOf } from '../../lib/form/text-field-of';
import { TextField } from './text-field';

/** The slice of a useZodForm a text field reads, held in state as the hook holds it. */
function IdNumberForm({ error }: { error?: string }) {
  const [values, setValues] = useState({ idNumber: '' });
  const form = {
    values,
    errors: error ? { idNumber: error } : {},
    setValue: (_name: 'idNumber', value: string) => setValues({ idNumber: value }),
  };
  return (
    <TextField
      id="realname-id-number"
      label="身份证号"
      maxLength={18}
      placeholder="请输入身份证号"
      {...textFieldOf(form, 'idNumber', (value) => value.toUpperCase().replace(/[^0-9X]/g, ''))}
    />
  );
}

describe('text field', () => {
  it('labels its input, keeps what is typed through the field’s filter, and names it for tests by its id', async () => {
    render(<IdNumberForm />);
    const input = screen.getByLabelText('身份证号');
    expect(input).toHaveAttribute('data-testid', 'realname-id-number');
    expect(input).toHaveAttribute('placeholder', '请输入身份证号');
    expect(input).toHaveAttribute('maxlength', '18');
    await userEvent.type(input, '11010519491231002x-');
    expect(input).toHaveValue('11010519491231002X');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the field’s message under it and marks the row', () => {
    render(<IdNumberForm error="身份证号格式不正确" />);
    expect(screen.getByRole('alert')).toHaveTextContent('身份证号格式不正确');
    expect(screen.getByLabelText('身份证号').closest('.form-field')).toHaveClass('form-field-invalid');
  });
});
