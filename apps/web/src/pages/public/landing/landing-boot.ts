/**
 * The landing page's first script, loaded by <head> before it paints (as a classic script: the CSP
 * allows no inline one): the remembered theme, or the system's, so the page never flashes the other.
 * The build bundles it on its own, with nothing else of theme-mode.ts than what this needs.
 */
import { applyThemeMode } from '../../../theme/theme-mode.ts';

applyThemeMode();
