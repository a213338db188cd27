import { type Area, PUBLIC_PAGE_PATHS } from '@usluge/contract';
import type { ComponentType, ReactElement } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import type { ResourceConfig, RowBase } from '../components/list/resource-types.ts';
import { LandingPage } from '../pages/public/landing/landing-page.tsx';
import { ADMIN_AREAS, type AdminRouteHandle } from './admin-areas.ts';
import { BootSplash } from './boot-splash.tsx';

type LazyComponent = () => Promise<
  { Component: ComponentType; loader?: LoaderFunction } | { element: ReactElement }
>;

function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): LazyComponent {
  return () => load().then((module) => ({ Component: pick(module) }));
}

/** A list screen: the generic ListScreen with one resource's configuration, both loaded on demand. */
function resourceScreen<Row extends RowBase>(
  loadResource: () => Promise<ResourceConfig<Row>>,
): LazyComponent {
  return async () => {
    const [{ ListScreen }, resource] = await Promise.all([
      import('../components/list/list-screen.tsx'),
      loadResource(),
    ]);
    // One instance per resource: going from one list to another starts a fresh screen (its own
    // filters, dialogs and rows) instead of reusing the previous one's state.
    return { element: <ListScreen key={resource.entity} resource={resource} /> };
  };
}

/** The screen of every admin area: a new area does not compile until it has one. */
const ADMIN_SCREENS: Record<Area, LazyComponent> = {
  users: resourceScreen(() => import('../pages/admin/users/users-resource.tsx').then((m) => m.usersResource)),
  countries: resourceScreen(() =>
    import('../pages/admin/countries/countries-resource.ts').then((m) => m.countriesResource),
  ),
  cities: resourceScreen(() =>
    import('../pages/admin/cities/cities-resource.ts').then((m) => m.citiesResource),
  ),
  userTypes: resourceScreen(() =>
    import('../pages/admin/user-types/user-types-resource.ts').then((m) => m.userTypesResource),
  ),
  currencies: resourceScreen(() =>
    import('../pages/admin/currencies/currencies-resource.ts').then((m) => m.currenciesResource),
  ),
  rejectionReasons: resourceScreen(() =>
    import('../pages/admin/rejection-reasons/rejection-reasons-resource.ts').then(
      (m) => m.rejectionReasonsResource,
    ),
  ),
  credits: resourceScreen(() =>
    import('../pages/admin/credits/credit-prices-resource.tsx').then((m) => m.creditPricesResource),
  ),
  reports: resourceScreen(() =>
    import('../pages/admin/reports/transactions-resource.tsx').then((m) => m.transactionsResource),
  ),
  refunds: resourceScreen(() =>
    import('../pages/admin/refunds/refunds-resource.tsx').then((m) => m.refundsResource),
  ),
  audit: resourceScreen(() => import('../pages/admin/audit/audit-resource.tsx').then((m) => m.auditResource)),
  notifications: resourceScreen(() =>
    import('../pages/admin/notifications/notifications-resource.tsx').then((m) => m.notificationsResource),
  ),
  services: page(
    () => import('../pages/admin/services/services-screen.tsx'),
    (m) => m.ServicesScreen,
  ),
  ads: resourceScreen(() => import('../pages/admin/ads/ads-resource.tsx').then((m) => m.adsResource)),
  adPage: page(
    () => import('../pages/admin/ads/ad-page.tsx'),
    (m) => m.AdPage,
  ),
  userPage: page(
    () => import('../pages/admin/users/user-page.tsx'),
    (m) => m.UserPage,
  ),
  adReports: resourceScreen(() =>
    import('../pages/admin/ad-reports/ad-reports-resource.tsx').then((m) => m.adReportsResource),
  ),
  adsOnApproval: () =>
    import('../pages/admin/ads/ads-on-approval-screen.tsx').then((m) => ({
      Component: m.AdsOnApprovalScreen,
      loader: m.adsOnApprovalLoader,
    })),
  dashboard: page(
    () => import('../pages/admin/dashboard/dashboard-screen.tsx'),
    (m) => m.DashboardScreen,
  ),
  test: page(
    () => import('../pages/admin/test/test-screen.tsx'),
    (m) => m.TestScreen,
  ),
  seeders: page(
    () => import('../pages/admin/seeders/seeders-screen.tsx'),
    (m) => m.SeedersScreen,
  ),
};

const accountPages = () => import('../pages/public/account/account-pages.tsx');

/**
 * Every route of SPEC.md section 2. The landing page is in the entry chunk; everything else,
 * MUI included, loads when its route is visited.
 */
export const routes: RouteObject[] = [
  { path: PUBLIC_PAGE_PATHS.landing, Component: LandingPage },
  {
    lazy: page(
      () => import('./mui-root.tsx'),
      (m) => m.MuiRoot,
    ),
    HydrateFallback: BootSplash,
    children: [
      {
        path: PUBLIC_PAGE_PATHS.login,
        lazy: page(
          () => import('../pages/public/login/login-page.tsx'),
          (m) => m.LoginPage,
        ),
      },
      { path: PUBLIC_PAGE_PATHS.verifyAccount, lazy: page(accountPages, (m) => m.VerifyAccountPage) },
      { path: PUBLIC_PAGE_PATHS.resetPassword, lazy: page(accountPages, (m) => m.ResetPasswordPage) },
      { path: PUBLIC_PAGE_PATHS.deleteAccount, lazy: page(accountPages, (m) => m.DeleteAccountPage) },
      {
        lazy: async () => {
          const { AdminLayout, adminLoader } = await import('./shell/admin-layout.tsx');
          return { Component: AdminLayout, loader: adminLoader };
        },
        children: ADMIN_AREAS.map((area) => ({
          path: area.path,
          handle: { area: area.area, titleKey: area.titleKey } satisfies AdminRouteHandle,
          lazy: ADMIN_SCREENS[area.area],
        })),
      },
      {
        path: '*',
        lazy: page(
          () => import('../pages/public/not-found/not-found-page.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
