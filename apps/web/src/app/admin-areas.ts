import type { Area } from '@usluge/contract';
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
  { area: 'adsOnApproval', path: '/ads-on-approval', titleKey: 'pages.adsOnApproval', menuGroup: 'main' },
  { area: 'ads', path: '/ads', titleKey: 'pages.ads', menuGroup: 'main' },
  { area: 'notifications', path: '/notifications', titleKey: 'pages.notifications', menuGroup: 'main' },
  { area: 'userTypes', path: '/user-types', titleKey: 'pages.userTypes', menuGroup: 'management' },
  { area: 'users', path: '/users', titleKey: 'pages.users', menuGroup: 'management' },
  { area: 'countries', path: '/countries', titleKey: 'pages.countries', menuGroup: 'management' },
  { area: 'cities', path: '/cities', titleKey: 'pages.cities', menuGroup: 'management' },
  { area: 'services', path: '/services', titleKey: 'pages.services', menuGroup: 'management' },
  { area: 'currencies', path: '/currencies', titleKey: 'pages.currencies', menuGroup: 'management' },
  { area: 'credits', path: '/credits', titleKey: 'pages.credits', menuGroup: 'management' },
  { area: 'reports', path: '/reports', titleKey: 'pages.reports', menuGroup: 'management' },
  { area: 'dashboard', path: '/dashboard', titleKey: 'pages.dashboard', menuGroup: null },
  { area: 'test', path: '/test', titleKey: 'pages.test', menuGroup: null },
];

/** Where a signed-in staff member lands (SPEC.md section 2). */
export const HOME_AFTER_LOGIN = '/ads-on-approval';

/** What a route tells the admin shell: its area (for the access check) and title. */
export type AdminRouteHandle = { area: Area; titleKey: TranslationKey };

export function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && 'area' in handle && 'titleKey' in handle;
}
