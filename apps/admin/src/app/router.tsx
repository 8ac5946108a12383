import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from './admin-layout';
import { RequireOperator, RequirePage, SessionBridge } from './auth';
import { RouteError } from './route-error';
import { LoginPage } from '../pages/login/login-page';
import { HomePage } from '../pages/home/home-page';
import { MembersPage } from '../pages/members/members-page';
import { MemberDetailPage } from '../pages/member-detail/member-detail-page';
import { RealNamePage } from '../pages/realname/realname-page';
import { SmsOutboxPage } from '../pages/sms/sms-outbox-page';
import { AuditPage } from '../pages/audit/audit-page';
import { OperatorsPage } from '../pages/operators/operators-page';
import { ReconcilePage } from '../pages/reconcile/reconcile-page';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { CategoriesPage } from '../pages/categories/categories-page';
import { ProductsPage } from '../pages/products/products-page';
import { ProductEditPage } from '../pages/products/product-edit-page';
import { BannersPage } from '../pages/banners/banners-page';
import { OrdersPage } from '../pages/orders/orders-page';
import { LedgerPage } from '../pages/ledger/ledger-page';

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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(routes, { basename: '/admin' });
