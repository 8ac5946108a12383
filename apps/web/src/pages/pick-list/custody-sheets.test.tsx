import type { Holding } from '@antique/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { DelegateSheet } from './delegate-sheet';
import { PickSheet } from './pick-sheet';

const holding = {
  id: 3,
  productId: 9,
  title: '清 青花缠枝莲纹碗',
  cover: '',
  acquiredPrice: 120000,
  acquiredAt: 0,
  source: 'mall',
  status: 'held',
} as unknown as Holding;

afterEach(() => queryClient.clear());

describe('the sheets where a member agrees to the house’s rules', () => {
  it('the consignment sheet links the consignment rules (its commission is there, not in the sheet)', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <DelegateSheet holding={holding} busy={false} onClose={() => undefined} onConfirm={() => undefined} />
      </QueryClientProvider>,
    );
    const sheet = await screen.findByTestId('delegate-sheet');
    expect(within(sheet).getByTestId('rule-link-delegate')).toHaveTextContent('《委托拍卖规则》');
    expect(within(sheet).getByTestId('rule-link-delegate')).toHaveAttribute('href', '#/pages/rule/rule?id=delegate');
    expect(sheet).not.toHaveTextContent('8%');
  });

  it('the pick-up sheet links the pick-up rules', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: [] }));
    render(
      <QueryClientProvider client={queryClient}>
        <PickSheet visible count={2} busy={false} onClose={() => undefined} onConfirm={() => undefined} />
      </QueryClientProvider>,
    );
    const sheet = await screen.findByTestId('pick-sheet');
    expect(within(sheet).getByTestId('rule-agreement-pick')).toHaveTextContent('提交即视为您已阅读并同意《提货规则》');
  });
});
