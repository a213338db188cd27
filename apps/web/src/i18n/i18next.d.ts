import 'i18next';
import type { Catalogue } from './catalogue.ts';

// Module augmentation needs an interface; it makes `t()` accept only keys that exist.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
