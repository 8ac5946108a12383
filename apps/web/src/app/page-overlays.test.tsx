import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from 'antd-mobile/es/components/dialog';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { showMessageBox, useMessageBoxStore } from '../components/message-box/message-box.store';
import { queryClient } from '../lib/query-client';
import { routePaths } from '../lib/route-paths';
import { hideLoadingToast, showLoadingToast, showSuccessToast, TOAST_DURATION_MS } from '../lib/toast';
import { setToken } from '../lib/token-storage';
import { envelopeResponse, stubFetch } from '../test/fetch-stub';
import { AppLayout } from './app-layout';

// What each question was answered, in order: a page that went answers false.
const answers: boolean[] = [];
const setAnswer = (ok: boolean) => answers.push(ok);

/** A page that opens what pages open: the message box, an imperative dialog, its own sheet. */
function AskingPage({ name }: { name: string }) {
  const [sheet, setSheet] = useState(false);
  const navigate = useNavigate();
  return (
    <div data-testid={`page-${name}`}>
      <button type="button" onClick={() => void showMessageBox({ msg: '确定要退出当前账户吗？' }).then(setAnswer)}>
        box
      </button>
      <button type="button" onClick={() => void Dialog.confirm({ content: '需要先完成实名认证' }).then(setAnswer)}>
        dialog
      </button>
      <button type="button" onClick={() => setSheet(true)}>
        sheet
      </button>
      <button type="button" onClick={() => void navigate(`${routePaths.product}?id=2`)}>
        next
      </button>
      <Popup visible={sheet} onMaskClick={() => setSheet(false)}>
        <div data-testid="sheet">出价</div>
      </Popup>
    </div>
  );
}

function renderApp(entries: string[]) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: routePaths.my, element: <div data-testid="page-my" /> },
          { path: routePaths.userSetting, element: <AskingPage name="settings" /> },
          { path: routePaths.product, element: <AskingPage name="product" /> },
        ],
      },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(() => import('../components/message-box/message-box-dialog'));

beforeEach(() => {
  setToken('member-token');
  stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: { id: 1, nickname: 'n', balance: 0, frozen: 0 } }));
  useMessageBoxStore.setState({ visible: false, pending: null });
  answers.length = 0;
});

afterEach(() => {
  queryClient.clear();
  Dialog.clear();
});

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

/** Off the screen: taken out, or hidden once its closing animation ends. */
async function expectGone(find: () => HTMLElement | null) {
  await waitFor(() => {
    const element = find();
    if (element) expect(element).not.toBeVisible();
  });
}

describe('what a page opens goes with it', () => {
  it('closes the message box, answered "no", when the member goes back', async () => {
    const router = renderApp([routePaths.my, routePaths.userSetting]);
    await user().click(await screen.findByRole('button', { name: 'box' }));
    expect(await screen.findByTestId('message-box-msg')).toHaveTextContent('确定要退出当前账户吗？');

    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('page-my')).toBeInTheDocument();
    expect(useMessageBoxStore.getState().visible).toBe(false);
    await expectGone(() => screen.queryByText('确定要退出当前账户吗？'));
    expect(answers).toEqual([false]);
  });

  it('closes an imperative dialog (a confirm answers false) and the page’s own sheet', async () => {
    const router = renderApp([routePaths.my, routePaths.userSetting]);
    const clicks = user();
    await clicks.click(await screen.findByRole('button', { name: 'dialog' }));
    expect(await screen.findByText('需要先完成实名认证')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('page-my')).toBeInTheDocument();
    await expectGone(() => screen.queryByText('需要先完成实名认证'));
    await waitFor(() => expect(answers).toEqual([false]));

    await act(() => router.navigate(routePaths.userSetting));
    await clicks.click(await screen.findByRole('button', { name: 'sheet' }));
    expect(await screen.findByTestId('sheet')).toBeInTheDocument();
    await act(() => router.navigate(routePaths.my));
    expect(await screen.findByTestId('page-my')).toBeInTheDocument();
    expect(screen.queryByTestId('sheet')).toBeNull();
  });

  it('treats the same route with another id as another page: back from product 2 leaves no sheet over product 1', async () => {
    const router = renderApp([`${routePaths.product}?id=1`]);
    const clicks = user();
    await clicks.click(await screen.findByRole('button', { name: 'next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
    await clicks.click(await screen.findByRole('button', { name: 'sheet' }));
    expect(await screen.findByTestId('sheet')).toBeInTheDocument();
    await clicks.click(screen.getByRole('button', { name: 'box' }));
    expect(await screen.findByTestId('message-box-msg')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?id=1'));
    expect(screen.queryByTestId('sheet')).toBeNull();
    await expectGone(() => screen.queryByTestId('message-box-msg'));
  });

  it('keeps the page (and what it opened) when it only rewrites its own query in place', async () => {
    const router = renderApp([`${routePaths.product}?id=1`]);
    await user().click(await screen.findByRole('button', { name: 'sheet' }));
    expect(await screen.findByTestId('sheet')).toBeInTheDocument();
    await act(() => router.navigate(`${routePaths.product}?id=1&tab=2`, { replace: true }));
    expect(screen.getByTestId('sheet')).toBeInTheDocument();
  });

  it('leaves a toast and an update offer (the app’s, not the page’s) in place', async () => {
    const router = renderApp([routePaths.my, routePaths.userSetting]);
    await screen.findByTestId('page-settings');
    act(() => {
      void showMessageBox({ msg: '新版本已就绪', scope: 'app' });
      showSuccessToast('已保存');
    });
    expect(await screen.findByTestId('message-box-msg')).toHaveTextContent('新版本已就绪');
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('page-my')).toBeInTheDocument();
    expect(screen.getByTestId('message-box-msg')).toHaveTextContent('新版本已就绪');
    expect(screen.getByText('已保存')).toBeVisible();
  });

  it('lets a toast that outlasted its page go by itself, and the next one too', async () => {
    const router = renderApp([routePaths.my, routePaths.userSetting]);
    await screen.findByTestId('page-settings');
    // A call: its loading toast, then the page's message replacing it as the call ends.
    act(() => {
      showLoadingToast();
      hideLoadingToast();
      showSuccessToast('已撤回委托');
    });
    expect(await screen.findByText('已撤回委托')).toBeVisible();
    await act(() => router.navigate(-1));
    await screen.findByTestId('page-my');
    // The next call on the new page shows and hides its own loading toast.
    act(() => {
      showLoadingToast();
      hideLoadingToast();
    });
    await waitFor(() => expect(screen.queryByText('已撤回委托')).not.toBeInTheDocument(), {
      timeout: TOAST_DURATION_MS + 3000,
    });
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });
});
