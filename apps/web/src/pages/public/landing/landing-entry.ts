/**
 * The script of index.html, whose landing page the build pre-rendered (scripts/landing-page.ts):
 * it only makes that markup interactive. No React, no router, no i18next.
 */
import { applyThemeMode } from '../../../theme/theme-mode.ts';
import { enhanceLanding } from './landing-behaviour.ts';
import './landing.css';

// landing-boot.ts did this before the first paint; again for the dev server, which has no boot script.
applyThemeMode();
const root = document.querySelector<HTMLElement>('.landing');
if (!root) throw new Error('index.html has no pre-rendered landing page');
enhanceLanding(root);
