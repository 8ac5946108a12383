import type { Address } from '@antique/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../lib/request-error';
import { AddressForm, findRegionPath, type RegionNode } from './address-form';

const options: RegionNode[] = [
  {
    label: '北京市',
    value: '110000',
    children: [{ label: '北京市', value: '110100', children: [{ label: '东城区', value: '110101' }] }],
  },
  {
    label: '浙江省',
    value: '330000',
    children: [{ label: '杭州市', value: '330100', children: [{ label: '西湖区', value: '330106' }] }],
  },
];

const saved: Address = {
  id: 5,
  name: '李四',
  phone: '13912345678',
  regionCode: '330106',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 100 号',
  isDefault: false,
};

describe('address form', () => {
  it('finds the province, city and district of a code', () => {
    expect(findRegionPath(options, '330106')?.map((node) => node.label)).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(findRegionPath(options, '999999')).toBeNull();
  });

  it('names a municipality once: 北京市 东城区, not 北京市 北京市 东城区', () => {
    const beijing = { ...saved, regionCode: '110101', province: '北京市', city: '北京市', district: '东城区' };
    render(<AddressForm initial={beijing} options={options} onSubmit={vi.fn()} />);
    expect(screen.getByTestId('address-region')).toHaveTextContent(/^北京市 东城区$/);
  });

  it('names every missing or wrong field and sends nothing', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm options={options} onSubmit={onSubmit} />);
    await user.type(screen.getByTestId('address-phone'), '12345');
    await user.type(screen.getByTestId('address-detail'), '一号');
    await user.click(screen.getByTestId('address-save'));

    expect(await screen.findByText('请填写收货人（最多 20 字）')).toBeInTheDocument();
    expect(screen.getByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(screen.getByText('请选择所在地区（省 / 市 / 区）')).toBeInTheDocument();
    expect(screen.getByText('详细地址需为 4–120 个字')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps only digits in the phone and clears a field’s message as it is corrected', async () => {
    const user = userEvent.setup();
    render(<AddressForm options={options} onSubmit={vi.fn()} />);
    await user.click(screen.getByTestId('address-save'));
    expect(await screen.findByText('请填写收货人（最多 20 字）')).toBeInTheDocument();
    await user.type(screen.getByTestId('address-name'), '王五');
    expect(screen.queryByText('请填写收货人（最多 20 字）')).toBeNull();
    await user.type(screen.getByTestId('address-phone'), '139-1234-5678');
    expect(screen.getByTestId('address-phone')).toHaveValue('13912345678');
  });

  it('sends an edited address with its region code, and shows the server’s word under its field', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new RequestError({ kind: 'server', code: 400, msg: '详细地址含有不支持的字符', data: { field: 'detail' } }),
      )
      .mockResolvedValueOnce(saved);
    const user = userEvent.setup();
    render(<AddressForm initial={saved} options={options} onSubmit={onSubmit} />);
    expect(screen.getByTestId('address-region')).toHaveTextContent('浙江省 杭州市 西湖区');

    await user.click(screen.getByTestId('address-default'));
    await user.click(screen.getByTestId('address-save'));
    expect(await screen.findByText('详细地址含有不支持的字符')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenLastCalledWith({
      id: 5,
      name: '李四',
      phone: '13912345678',
      regionCode: '330106',
      detail: '文三路 100 号',
      isDefault: true,
    });

    await user.click(screen.getByTestId('address-save'));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('makes the first address the default whatever the switch says', async () => {
    const onSubmit = vi.fn().mockResolvedValue(saved);
    const user = userEvent.setup();
    render(
      <AddressForm initial={{ ...saved, id: undefined as never }} options={options} forceDefault onSubmit={onSubmit} />,
    );
    await user.click(screen.getByTestId('address-save'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ isDefault: true }));
  });
});
