import { dashboardApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { DashboardService } from '../../modules/dashboard/dashboard.service.js';

/** Every role's landing page. */
export function adminDashboardRoutes(
  app: FastifyInstance,
  { route, dashboard }: { route: Route; dashboard: DashboardService },
) {
  route(app, dashboardApi.get, () => dashboard.get());
}
