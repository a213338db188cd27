import { useEffect, useRef, useState } from 'react';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { readStoredLanguage } from '../../../i18n/language-preference.ts';
import { enhanceLanding } from './landing-behaviour.ts';
import { LandingMarkup } from './landing-markup.tsx';
import './landing.css';

/**
 * The landing page inside the app, for the router's links home. A visit to `/` gets the same markup
 * pre-rendered in index.html instead (landing-entry.ts); here React renders it once, in the
 * remembered language, and the same script makes it interactive.
 */
export function LandingPage() {
  const ref = useRef<HTMLDivElement>(null);
  const [language] = useState(readStoredLanguage);
  useEffect(() => {
    if (!ref.current) return;
    return enhanceLanding(ref.current, { onLanguageChange: (chosen) => void changeLanguage(chosen) });
  }, []);
  return <LandingMarkup language={language} ref={ref} />;
}
