import { AREA_PATHS, type Area, type CurrentUser } from '@usluge/contract';
import type { TranslationKey } from '../i18n/catalogue.ts';

export type AdminArea = {
  area: Area;
  path: string;
  titleKey: TranslationKey;
  /** Where the side menu lists it (SPEC.md section 2); null: a route without a menu item. */
  menuGroup: 'main' | 'management' | null;
};

/** Every back-office route, in menu order. Routes, menu and access checks all read this table. */
export const ADMIN_AREAS: readonly AdminArea[] = [
  {
    area: 'adsOnApproval',
    path: AREA_PATHS.adsOnApproval,
    titleKey: 'pages.adsOnApproval',
    menuGroup: 'main',
  },
  // The staff's figures; second, so signing in still lands on the queue (the first item).
  { area: 'dashboard', path: AREA_PATHS.dashboard, titleKey: 'pages.dashboard', menuGroup: 'main' },
  { area: 'ads', path: AREA_PATHS.ads, titleKey: 'pages.ads', menuGroup: 'main' },
  { area: 'adPage', path: AREA_PATHS.adPage, titleKey: 'pages.adPage', menuGroup: null },
  { area: 'adReports', path: AREA_PATHS.adReports, titleKey: 'pages.adReports', menuGroup: 'main' },
  {
    area: 'notifications',
    path: AREA_PATHS.notifications,
    titleKey: 'pages.notifications',
    menuGroup: 'main',
  },
  { area: 'userTypes', path: AREA_PATHS.userTypes, titleKey: 'pages.userTypes', menuGroup: 'management' },
  { area: 'users', path: AREA_PATHS.users, titleKey: 'pages.users', menuGroup: 'management' },
  { area: 'userPage', path: AREA_PATHS.userPage, titleKey: 'pages.userPage', menuGroup: null },
  { area: 'countries', path: AREA_PATHS.countries, titleKey: 'pages.countries', menuGroup: 'management' },
  { area: 'cities', path: AREA_PATHS.cities, titleKey: 'pages.cities', menuGroup: 'management' },
  { area: 'services', path: AREA_PATHS.services, titleKey: 'pages.services', menuGroup: 'management' },
  { area: 'currencies', path: AREA_PATHS.currencies, titleKey: 'pages.currencies', menuGroup: 'management' },
  {
    area: 'rejectionReasons',
    path: AREA_PATHS.rejectionReasons,
    titleKey: 'rejectionReasons.title',
    menuGroup: 'management',
  },
  { area: 'credits', path: AREA_PATHS.credits, titleKey: 'pages.credits', menuGroup: 'management' },
  { area: 'reports', path: AREA_PATHS.reports, titleKey: 'pages.reports', menuGroup: 'management' },
  { area: 'refunds', path: AREA_PATHS.refunds, titleKey: 'pages.refunds', menuGroup: 'management' },
  { area: 'audit', path: AREA_PATHS.audit, titleKey: 'pages.audit', menuGroup: 'management' },
  { area: 'seeders', path: AREA_PATHS.seeders, titleKey: 'seeders.title', menuGroup: 'management' },
  { area: 'test', path: AREA_PATHS.test, titleKey: 'pages.test', menuGroup: null },
];

/**
 * Whether this server offers the area at all: the seeder generator only with SEEDERS_ENABLED, which
 * the current user is told (`seeders_enabled`). An area not offered has no menu item and no page.
 */
export function isAreaOffered(area: Area, user: Pick<CurrentUser, 'seeders_enabled'> | null): boolean {
  return area !== 'seeders' || user?.seeders_enabled === true;
}

/** Where a signed-in staff member lands (SPEC.md section 2). */
export const HOME_AFTER_LOGIN = '/ads-on-approval';

/** What a route tells the admin shell: its area (for the access check) and title. */
export type AdminRouteHandle = { area: Area; titleKey: TranslationKey };

export function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && 'area' in handle && 'titleKey' in handle;
}
