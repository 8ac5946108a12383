import { lazy } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from './admin-layout';
import { RequireOperator, RequirePage, SessionBridge } from './auth';
import { RouteError } from './route-error';
import { LoginPage } from '../pages/login/login-page';
import { HomePage } from '../pages/home/home-page';
import { NotFoundPage } from '../pages/not-found/not-found-page';

// Each page loads when first opened: the console's first screen does not wait for every page's code.
const MembersPage = lazy(() => import('../pages/members/members-page').then((m) => ({ default: m.MembersPage })));
const MemberDetailPage = lazy(() =>
  import('../pages/member-detail/member-detail-page').then((m) => ({ default: m.MemberDetailPage })),
);
const RealNamePage = lazy(() => import('../pages/realname/realname-page').then((m) => ({ default: m.RealNamePage })));
const SmsOutboxPage = lazy(() => import('../pages/sms/sms-outbox-page').then((m) => ({ default: m.SmsOutboxPage })));
const AuditPage = lazy(() => import('../pages/audit/audit-page').then((m) => ({ default: m.AuditPage })));
const OperatorsPage = lazy(() =>
  import('../pages/operators/operators-page').then((m) => ({ default: m.OperatorsPage })),
);
const ReconcilePage = lazy(() =>
  import('../pages/reconcile/reconcile-page').then((m) => ({ default: m.ReconcilePage })),
);
const CategoriesPage = lazy(() =>
  import('../pages/categories/categories-page').then((m) => ({ default: m.CategoriesPage })),
);
const ProductsPage = lazy(() => import('../pages/products/products-page').then((m) => ({ default: m.ProductsPage })));
const ProductEditPage = lazy(() =>
  import('../pages/products/product-edit-page').then((m) => ({ default: m.ProductEditPage })),
);
const BannersPage = lazy(() => import('../pages/banners/banners-page').then((m) => ({ default: m.BannersPage })));
const NoticesPage = lazy(() => import('../pages/notices/notices-page').then((m) => ({ default: m.NoticesPage })));
const NewsPage = lazy(() => import('../pages/news/news-page').then((m) => ({ default: m.NewsPage })));
const ContactPage = lazy(() => import('../pages/contact/contact-page').then((m) => ({ default: m.ContactPage })));
const OrdersPage = lazy(() => import('../pages/orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const SessionsPage = lazy(() =>
  import('../pages/auction-sessions/sessions-page').then((m) => ({ default: m.SessionsPage })),
);
const LotsPage = lazy(() => import('../pages/lots/lots-page').then((m) => ({ default: m.LotsPage })));
const ClaimsPage = lazy(() => import('../pages/claims/claims-page').then((m) => ({ default: m.ClaimsPage })));
const QuestionsPage = lazy(() =>
  import('../pages/questions/questions-page').then((m) => ({ default: m.QuestionsPage })),
);
const SignalsPage = lazy(() => import('../pages/signals/signals-page').then((m) => ({ default: m.SignalsPage })));
const SignalDetailPage = lazy(() =>
  import('../pages/signals/signal-detail-page').then((m) => ({ default: m.SignalDetailPage })),
);
const LotMonitorPage = lazy(() =>
  import('../pages/lot-monitor/lot-monitor-page').then((m) => ({ default: m.LotMonitorPage })),
);
const DelegationsPage = lazy(() =>
  import('../pages/delegations/delegations-page').then((m) => ({ default: m.DelegationsPage })),
);
const PicksPage = lazy(() => import('../pages/picks/picks-page').then((m) => ({ default: m.PicksPage })));
const HoldingsPage = lazy(() => import('../pages/holdings/holdings-page').then((m) => ({ default: m.HoldingsPage })));
const LedgerPage = lazy(() => import('../pages/ledger/ledger-page').then((m) => ({ default: m.LedgerPage })));
const WithdrawalsPage = lazy(() =>
  import('../pages/withdrawals/withdrawals-page').then((m) => ({ default: m.WithdrawalsPage })),
);
const RechargesPage = lazy(() =>
  import('../pages/recharges/recharges-page').then((m) => ({ default: m.RechargesPage })),
);
const PaymentNoticesPage = lazy(() =>
  import('../pages/recharges/payment-notices-page').then((m) => ({ default: m.PaymentNoticesPage })),
);
const SettingsPage = lazy(() => import('../pages/settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const AppVersionPage = lazy(() =>
  import('../pages/app-version/app-version-page').then((m) => ({ default: m.AppVersionPage })),
);
const RulesPage = lazy(() => import('../pages/rules/rules-page').then((m) => ({ default: m.RulesPage })));
const RuleEditPage = lazy(() => import('../pages/rules/rule-edit-page').then((m) => ({ default: m.RuleEditPage })));

function Root() {
  return (
    <>
      <SessionBridge />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: (
          <RequireOperator>
            <AdminLayout />
          </RequireOperator>
        ),
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'members',
            element: (
              <RequirePage page="members">
                <MembersPage />
              </RequirePage>
            ),
          },
          {
            path: 'members/:id',
            element: (
              <RequirePage page="members">
                <MemberDetailPage />
              </RequirePage>
            ),
          },
          {
            path: 'realname',
            element: (
              <RequirePage page="realname">
                <RealNamePage />
              </RequirePage>
            ),
          },
          {
            path: 'sms',
            element: (
              <RequirePage page="sms">
                <SmsOutboxPage />
              </RequirePage>
            ),
          },
          {
            path: 'audit',
            element: (
              <RequirePage page="audit">
                <AuditPage />
              </RequirePage>
            ),
          },
          {
            path: 'operators',
            element: (
              <RequirePage page="operators">
                <OperatorsPage />
              </RequirePage>
            ),
          },
          {
            path: 'reconcile',
            element: (
              <RequirePage page="reconcile">
                <ReconcilePage />
              </RequirePage>
            ),
          },
          {
            path: 'categories',
            element: (
              <RequirePage page="categories">
                <CategoriesPage />
              </RequirePage>
            ),
          },
          {
            path: 'products',
            element: (
              <RequirePage page="products">
                <ProductsPage />
              </RequirePage>
            ),
          },
          {
            path: 'products/:id',
            element: (
              <RequirePage page="products">
                <ProductEditPage />
              </RequirePage>
            ),
          },
          {
            path: 'banners',
            element: (
              <RequirePage page="banners">
                <BannersPage />
              </RequirePage>
            ),
          },
          {
            path: 'notices',
            element: (
              <RequirePage page="notices">
                <NoticesPage />
              </RequirePage>
            ),
          },
          {
            path: 'news',
            element: (
              <RequirePage page="news">
                <NewsPage />
              </RequirePage>
            ),
          },
          {
            path: 'contact',
            element: (
              <RequirePage page="contact">
                <ContactPage />
              </RequirePage>
            ),
          },
          {
            path: 'orders',
            element: (
              <RequirePage page="orders">
                <OrdersPage />
              </RequirePage>
            ),
          },
          {
            path: 'ledger',
            element: (
              <RequirePage page="ledger">
                <LedgerPage />
              </RequirePage>
            ),
          },
          {
            path: 'claims',
            element: (
              <RequirePage page="claims">
                <ClaimsPage />
              </RequirePage>
            ),
          },
          {
            path: 'withdrawals',
            element: (
              <RequirePage page="withdrawals">
                <WithdrawalsPage />
              </RequirePage>
            ),
          },
          {
            path: 'recharges',
            element: (
              <RequirePage page="recharges">
                <RechargesPage />
              </RequirePage>
            ),
          },
          {
            path: 'payment-notices',
            element: (
              <RequirePage page="paymentNotices">
                <PaymentNoticesPage />
              </RequirePage>
            ),
          },
          {
            path: 'auction-sessions',
            element: (
              <RequirePage page="sessions">
                <SessionsPage />
              </RequirePage>
            ),
          },
          {
            path: 'lots',
            element: (
              <RequirePage page="lots">
                <LotsPage />
              </RequirePage>
            ),
          },
          {
            path: 'lots/:id',
            element: (
              <RequirePage page="lots">
                <LotMonitorPage />
              </RequirePage>
            ),
          },
          {
            path: 'questions',
            element: (
              <RequirePage page="questions">
                <QuestionsPage />
              </RequirePage>
            ),
          },
          {
            path: 'signals',
            element: (
              <RequirePage page="signals">
                <SignalsPage />
              </RequirePage>
            ),
          },
          {
            path: 'signals/:lotId',
            element: (
              <RequirePage page="signals">
                <SignalDetailPage />
              </RequirePage>
            ),
          },
          {
            path: 'delegations',
            element: (
              <RequirePage page="delegations">
                <DelegationsPage />
              </RequirePage>
            ),
          },
          {
            path: 'picks',
            element: (
              <RequirePage page="picks">
                <PicksPage />
              </RequirePage>
            ),
          },
          {
            path: 'holdings',
            element: (
              <RequirePage page="holdings">
                <HoldingsPage />
              </RequirePage>
            ),
          },
          {
            path: 'settings',
            element: (
              <RequirePage page="settings">
                <SettingsPage />
              </RequirePage>
            ),
          },
          {
            path: 'app-version',
            element: (
              <RequirePage page="appVersion">
                <AppVersionPage />
              </RequirePage>
            ),
          },
          {
            path: 'rules',
            element: (
              <RequirePage page="rules">
                <RulesPage />
              </RequirePage>
            ),
          },
          {
            path: 'rules/:id',
            element: (
              <RequirePage page="rules">
                <RuleEditPage />
              </RequirePage>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(routes, { basename: '/admin' });
