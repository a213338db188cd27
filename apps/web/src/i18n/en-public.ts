import type { Catalogue } from './catalogue.ts';

/**
 * The English texts the public landing page needs, apart from the rest of the catalogue: the landing
 * page's script imports only these, so the admin panel's texts do not weigh on it.
 */
export const enCommon: Catalogue['common'] = {
  appName: 'Usluge',
  loading: 'Loading…',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  confirm: 'Confirm',
  yes: 'Yes',
  no: 'No',
  error: 'Error',
  contactAdministrator: 'Contact the administrator',
  requiredNote: 'Fields marked with an asterisk (*) are required.',
  backHome: 'Back to the home page',
  language: 'Language',
  languages: { me: 'Crnogorski', en: 'English' },
  switchToDark: 'Switch to the dark theme',
  switchToLight: 'Switch to the light theme',
  skipToContent: 'Skip to the main content',
};

export const enLanding: Catalogue['landing'] = {
  nav: {
    label: 'Main navigation',
    howItWorks: 'How it works',
    categories: 'Categories',
    application: 'App',
    faq: 'FAQ',
    contact: 'Contact',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    staffLogin: 'Staff sign-in',
  },
  hero: {
    title: 'Find a reliable professional for every job',
    subtitle:
      'Post what you need or offer your services. We connect people who need help with verified contractors near them.',
    download: 'Get the app',
    learnMore: 'How it works',
  },
  benefits: {
    label: 'Benefits',
    freeAccount: { title: 'Free account', text: 'Create an account in a minute, at no cost.' },
    verified: {
      title: 'Verified contractors',
      text: 'Contractors are checked before they offer services.',
    },
    reviews: { title: 'User reviews', text: "Read other people's experiences and leave your own rating." },
    search: { title: 'Easy search', text: 'Find a service by category, place and price.' },
  },
  howItWorks: {
    title: 'How it works',
    stepLabel: 'Step {{n}}',
    first: { title: 'Create an account', text: 'Download the app and sign up for free.' },
    second: {
      title: 'Post an ad or browse offers',
      text: 'Describe what you need or find a contractor near you.',
    },
    third: {
      title: 'Agree on the job and rate it',
      text: 'Contact the contractor, get the job done and leave a review.',
    },
  },
  categories: {
    title: 'Popular categories',
    garden: { title: 'Garden work', text: 'Mowing, pruning and yard care.' },
    it: { title: 'IT services', text: 'Computers, networks, websites and support.' },
    transport: { title: 'Transport and moving', text: 'Moving house, goods and furniture transport.' },
    health: { title: 'Health and care', text: 'Elderly care, massage and physiotherapy.' },
    repair: { title: 'Repair and installation', text: 'Plumbers, electricians, furniture assembly.' },
    delivery: { title: 'Delivery', text: 'Parcels, food and groceries delivered.' },
  },
  application: {
    title: 'Get the app',
    text: 'The app is available for Android, Apple and Huawei devices.',
    getItOn: 'Get it on',
    googlePlay: 'Google Play',
    appStore: 'App Store',
    appGallery: 'AppGallery',
  },
  faq: {
    title: 'Frequently asked questions',
    freeAccount: {
      question: 'Is creating an account free?',
      answer:
        'Yes. Creating an account is completely free; all you need is an e-mail address and a password.',
    },
    verified: {
      question: 'Are contractors verified?',
      answer: 'Yes. Every contractor is checked before they can offer services.',
    },
    reviews: {
      question: 'Can I leave a review?',
      answer: 'You can. After a finished job, rate the contractor and leave a review that helps others.',
    },
    free: {
      question: 'Is the platform free to use?',
      answer: 'Yes. Searching and posting ads on the platform are free.',
    },
  },
  footer: {
    contactTitle: 'Contact',
    mail: 'Write to us',
    phone: 'Call us',
    socialTitle: 'Follow us',
    rights: '© {{year}} Usluge. All rights reserved.',
  },
};
