import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingPage } from './scripts/landing-page.ts';
import { precompress } from './scripts/precompress.ts';

const treeshake = {
  // React's package.json does not say it is free of side effects, so a module that imports a hook
  // it does not use (theme-mode.ts in the landing page's scripts) would still carry it.
  moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/]react[\\/]/.test(id) ? false : undefined),
};

/**
 * Two pages. app.html is the app of every page but the landing page: its entry holds React, the
 * router and i18next; everything behind a lazy route stays out of it, and MUI and Emotion go to one
 * shared `mui` chunk that only the login page, the account pages and the admin panel load.
 * index.html is the landing page, built by scripts/landing-page.ts on its own, pre-rendered. Last,
 * every file gets its compressed copies (scripts/precompress.ts).
 */
export default defineConfig({
  plugins: [react(), landingPage({ treeshake }), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: { app: path.resolve(import.meta.dirname, 'app.html') },
      treeshake,
      output: {
        codeSplitting: {
          // Without this a group also swallows what its modules import (React itself), and the
          // login page would load all of MUI's chunk to get React.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'mui',
              // MUI X (charts, tree view, pickers) stays with the lazy screens that use it.
              test: /[\\/]node_modules[\\/](@mui[\\/](?!x-)|@emotion[\\/]|react-transition-group[\\/]|stylis[\\/]|@popperjs[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
