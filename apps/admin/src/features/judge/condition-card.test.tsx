import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCondition } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ConditionCard } from './condition-card';

const PHOTO = `/files/product/202611/${'P'.repeat(22)}`;
const productReport = {
  grade: 'excellent' as const,
  notes: '釉面莹润',
  dimensions: '高 30cm',
  weight: '1.2kg',
  marks: '大清乾隆年制',
  repairs: '无',
  photos: [PHOTO],
  examinedBy: 'jianding',
  examinedAt: new Date(2026, 10, 20, 10, 0).getTime(),
  updatedAt: new Date(2026, 10, 20, 10, 5).getTime(),
};

function setup(stored: AdminCondition, put?: (body: unknown) => { code?: number; data?: unknown; msg?: string }) {
  return fakeApi((call) => {
    if (call.url.pathname === '/v1/admin/lots/7/condition' && call.method === 'GET') return { data: stored };
    if (call.url.pathname === '/v1/admin/lots/7/condition' && call.method === 'PUT') return put?.(call.body);
    return undefined;
  });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const pickOption = async (text: string) => {
  const found = await screen.findAllByText(text);
  fireEvent.click(found.find((el) => el.closest('.ant-select-item-option')) ?? found[0]!);
};

describe('品相报告 (console)', () => {
  it('says a lot shows its product’s report until it has its own, and saves one with the operator’s fields', async () => {
    const { calls } = setup(
      {
        subject: 'lot',
        subjectId: 7,
        condition: null,
        certificate: null,
        inherited: { condition: productReport, certificate: null },
      },
      (body) => ({
        data: {
          subject: 'lot',
          subjectId: 7,
          condition: { ...productReport, ...(body as object), examinedBy: 'yunying', updatedAt: Date.now() },
          certificate: null,
          inherited: { condition: productReport, certificate: null },
        },
      }),
    );
    renderWithProviders(<ConditionCard subject="lot" id={7} />);

    expect(await screen.findByTestId('condition-inherited')).toHaveTextContent(
      '会员现在看到的是商品的报告（极佳，jianding 鉴定）',
    );
    // Without a grade nothing is sent.
    fireEvent.click(screen.getByTestId('condition-save'));
    expect(await screen.findByText('请选择品相等级')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.mouseDown(within(screen.getByTestId('condition-card')).getAllByRole('combobox')[0]!);
    await pickOption('一般');
    type('condition-dimensions', ' 高 29.5cm ');
    type('condition-repairs', '颈部有补釉');
    type('condition-notes', '口沿一处细小窑裂');
    fireEvent.click(screen.getByTestId('condition-save'));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.url.pathname).toBe('/v1/admin/lots/7/condition');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      grade: 'fair',
      dimensions: '高 29.5cm',
      weight: '',
      marks: '',
      repairs: '颈部有补釉',
      notes: '口沿一处细小窑裂',
      photos: [],
      certificate: null,
    });
    expect(await screen.findByText('已保存品相报告')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('condition-examined')).toHaveTextContent('yunying'));
    expect(screen.queryByTestId('condition-inherited')).not.toBeInTheDocument();
  });

  it('keeps the certificate and photos, and shows the server’s refusal by field', async () => {
    const { calls } = setup(
      {
        subject: 'lot',
        subjectId: 7,
        condition: productReport,
        certificate: { issuer: '国家文物鉴定中心', number: 'NO.1', date: '2026-08-15', picture: null },
        inherited: null,
      },
      () => ({ code: 400, msg: '品相照片须为本行上传的商品图片，最多12张', data: { field: 'photos' } }),
    );
    renderWithProviders(<ConditionCard subject="lot" id={7} />);

    expect(await screen.findByTestId('condition-examined')).toHaveTextContent('jianding 于 2026-11-20 10:00:00 鉴定');
    expect(screen.getByTestId('certificate-issuer')).toHaveValue('国家文物鉴定中心');
    type('certificate-number', 'NO.2026-0815');
    fireEvent.click(screen.getByTestId('condition-save'));

    expect(await screen.findByTestId('condition-error')).toHaveTextContent('品相照片须为本行上传的商品图片');
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({
      grade: 'excellent',
      photos: [PHOTO],
      examinedAt: productReport.examinedAt,
      certificate: { issuer: '国家文物鉴定中心', number: 'NO.2026-0815', date: '2026-08-15', picture: null },
    });

    // Without a certificate: the section goes and null is sent.
    fireEvent.click(screen.getByTestId('condition-has-certificate'));
    await waitFor(() => expect(screen.queryByTestId('condition-certificate')).not.toBeInTheDocument());
    fireEvent.click(screen.getByTestId('condition-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect((calls.filter((c) => c.method === 'PUT')[1]!.body as { certificate: unknown }).certificate).toBeNull();
  });
});
