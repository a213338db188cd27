import type { LandingIconName } from './landing-icons.tsx';
import type { LandingKey } from './landing-text.ts';

/** Contact details and outside links of the landing page, in one place to change. */
export const CONTACT = {
  mail: 'info@usluge.me',
  phone: '+382 20 123 456',
  phoneHref: 'tel:+38220123456',
} as const;

export const SOCIAL_LINKS: readonly { name: string; href: string; icon: LandingIconName }[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
  { name: 'Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
  { name: 'YouTube', href: 'https://www.youtube.com/', icon: 'youtube' },
];

export const APP_STORES: readonly {
  id: string;
  nameKey: LandingKey;
  href: string;
  icon: LandingIconName;
}[] = [
  {
    id: 'google-play',
    nameKey: 'landing.application.googlePlay',
    href: 'https://play.google.com/store',
    icon: 'android',
  },
  {
    id: 'app-store',
    nameKey: 'landing.application.appStore',
    href: 'https://www.apple.com/app-store/',
    icon: 'apple',
  },
  {
    id: 'app-gallery',
    nameKey: 'landing.application.appGallery',
    href: 'https://appgallery.huawei.com/',
    icon: 'store',
  },
];

export const BENEFITS = [
  { id: 'freeAccount', icon: 'account' },
  { id: 'verified', icon: 'verified' },
  { id: 'reviews', icon: 'star' },
  { id: 'search', icon: 'search' },
] as const satisfies readonly { id: string; icon: LandingIconName }[];

export const STEPS = ['first', 'second', 'third'] as const;

/** The six categories of SPEC.md section 1, the service catalogue's top-level folders. */
export const CATEGORIES = [
  { id: 'garden', icon: 'garden' },
  { id: 'it', icon: 'it' },
  { id: 'transport', icon: 'transport' },
  { id: 'health', icon: 'health' },
  { id: 'repair', icon: 'repair' },
  { id: 'delivery', icon: 'delivery' },
] as const satisfies readonly { id: string; icon: LandingIconName }[];

export const FAQ = ['freeAccount', 'verified', 'reviews', 'free'] as const;

/** The page's anchors (SPEC.md section 1) and the menu entries that lead to them. */
export const NAV_ITEMS = [
  { anchor: 'how-it-works', labelKey: 'landing.nav.howItWorks' },
  { anchor: 'categories', labelKey: 'landing.nav.categories' },
  { anchor: 'application', labelKey: 'landing.nav.application' },
  { anchor: 'faq-section', labelKey: 'landing.nav.faq' },
  { anchor: 'contact', labelKey: 'landing.nav.contact' },
] as const satisfies readonly { anchor: string; labelKey: LandingKey }[];
