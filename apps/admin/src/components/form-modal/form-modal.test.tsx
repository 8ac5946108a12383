import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { ApiError } from '../../lib/request';
import { renderWithProviders } from '../../test/render';
import { FormModal } from './form-modal';

interface Values {
  name: string;
}

function Harness({ onSubmit }: { onSubmit: (values: Values) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="open">
        打开
      </Button>
      <FormModal<Values>
        open={open}
        title="名称"
        initialValues={{ name: '原名' }}
        onSubmit={async (values) => {
          await onSubmit(values);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
        okText="保存"
        okTestId="save"
      >
        <Form.Item label="名称" name="name" rules={[{ required: true, message: '请输入名称' }]}>
          <Input data-testid="name" />
        </Form.Item>
      </FormModal>
    </>
  );
}

describe('FormModal', () => {
  it('starts every opening from the initial values, whatever was typed before', async () => {
    renderWithProviders(<Harness onSubmit={async () => undefined} />);

    fireEvent.click(screen.getByTestId('open'));
    fireEvent.change(await screen.findByTestId('name'), { target: { value: '草稿' } });
    fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));

    fireEvent.click(screen.getByTestId('open'));
    await waitFor(() => expect(screen.getAllByTestId('name')).toHaveLength(1));
    expect(screen.getByTestId('name')).toHaveValue('原名');
  });

  it('checks the rules before sending, then sends the values', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<Harness onSubmit={onSubmit} />);

    fireEvent.click(screen.getByTestId('open'));
    fireEvent.change(await screen.findByTestId('name'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('name'), { target: { value: '青花' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '青花' }));
  });

  it('puts a 400’s message on the field it names, keeps the dialog open and spins while sending', async () => {
    let reject: (error: unknown) => void = () => undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise((_resolve, fail) => {
          reject = fail;
        }),
    );
    renderWithProviders(<Harness onSubmit={onSubmit} />);

    fireEvent.click(screen.getByTestId('open'));
    fireEvent.click(await screen.findByTestId('save'));
    await waitFor(() => expect(screen.getByTestId('save')).toHaveClass('ant-btn-loading'));
    reject(new ApiError(400, '名称已被使用', { reason: 'VALIDATION', field: 'name' }));

    expect(await screen.findAllByText('名称已被使用')).not.toHaveLength(0);
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')).toHaveTextContent('名称已被使用'),
    );
    expect(screen.getByTestId('name')).toHaveValue('原名');
    expect(screen.getByTestId('save')).not.toHaveClass('ant-btn-loading');
  });
});
