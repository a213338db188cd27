import { DEFAULT_LANGUAGE } from '@usluge/contract';
import { renderToString } from 'react-dom/server';
import { LandingMarkup } from './landing-markup.tsx';
import { landingTitle } from './landing-text.ts';

export type PrerenderedLanding = { html: string; title: string };

/** The landing page as the build writes it into index.html: in the default language. */
export function prerenderLanding(): PrerenderedLanding {
  return {
    html: renderToString(<LandingMarkup language={DEFAULT_LANGUAGE} />),
    title: landingTitle(DEFAULT_LANGUAGE),
  };
}
