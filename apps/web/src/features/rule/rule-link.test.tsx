import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { RuleAgreement, RuleLink } from './rule-link';

function stubRule() {
  return stubFetch(({ url }) => {
    const id = new URL(url, 'http://localhost').searchParams.get('id') ?? '';
    return envelopeResponse({
      code: 200,
      msg: 'ok',
      data: { id, title: '提货规则', content: '<p>发货 10 天后自动确认收货。</p>' },
    });
  });
}

const renderWithQueries = (element: React.ReactElement) =>
  render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);

afterEach(async () => {
  queryClient.clear();
  await changeLocale('zh-Hans', false);
});

describe('a rule agreed to', () => {
  it('names the rule under the submit button and opens its text over the screen, keeping what is under it', async () => {
    const { calls } = stubRule();
    renderWithQueries(
      <form>
        <input defaultValue="1200" data-testid="typed" />
        <RuleAgreement id="pick" />
      </form>,
    );
    const line = screen.getByTestId('rule-agreement-pick');
    expect(line).toHaveTextContent('提交即视为您已阅读并同意《提货规则》');
    const link = within(line).getByTestId('rule-link-pick');
    expect(link).toHaveAttribute('href', '#/pages/rule/rule?id=pick');

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(link);
    const sheet = await screen.findByTestId('rule-sheet-pick');
    const rule = await within(sheet).findByTestId('rule-content');
    await waitFor(() => expect(rule).toHaveTextContent('发货 10 天后自动确认收货。'));
    expect(new URL(calls[0]!.url, 'http://localhost').search).toBe('?id=pick');
    expect(screen.getByTestId('typed')).toHaveValue('1200');
    await user.click(screen.getByTestId('rule-sheet-close'));
    await waitFor(
      () => {
        const open = screen.queryByTestId('rule-sheet-pick');
        if (open) expect(open).not.toBeVisible();
      },
      { timeout: 4000 },
    );
  });

  it('takes the words it is given, for a sentence of the caller’s own (出价即视为同意拍卖规则)', async () => {
    stubRule();
    renderWithQueries(
      <p>
        出价即视为同意<RuleLink id="auction">拍卖规则</RuleLink>
      </p>,
    );
    expect(screen.getByTestId('rule-link-auction')).toHaveTextContent('拍卖规则');
    expect(screen.getByTestId('rule-link-auction')).toHaveAttribute('href', '#/pages/rule/rule?id=auction');
  });

  it('reads in the member’s language', async () => {
    await changeLocale('en', false);
    stubRule();
    renderWithQueries(<RuleAgreement id="withdraw" />);
    expect(screen.getByTestId('rule-agreement-withdraw')).toHaveTextContent(
      'By submitting you agree to the Withdrawal Rules.',
    );
  });
});
