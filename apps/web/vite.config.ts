import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The landing page is the entry chunk (React, React Router, i18next and the landing page itself).
 * Everything behind a lazy route stays out of it; MUI and Emotion go to one shared `mui` chunk that
 * only the login page, the account pages and the admin panel load.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contract package builds zod schemas at module level; its package.json does not say it
        // is free of side effects, so without this every chunk that reads a constant from it
        // (the landing page reads the languages) would drag zod along.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contract[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // Without this a group also swallows what its modules import (React itself), and the
          // landing page would have to load the MUI chunk to get React.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui|@emotion|react-transition-group|stylis|@popperjs)[\\/]/,
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
