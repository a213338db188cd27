import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Plugin, type ResolvedConfig, runnerImport } from 'vite';
import type { PrerenderedLanding } from '../src/pages/public/landing/landing-prerender.tsx';

const LANDING_HTML = 'index.html';
const PRERENDER_ENTRY = 'src/pages/public/landing/landing-prerender.tsx';
const BOOT_ENTRY = 'src/pages/public/landing/landing-boot.ts';
/** Where index.html takes the theme script, the page and its title. */
const BOOT_MARK = '<!--landing-boot-->';
const PAGE_MARK = '<!--landing-->';
const TITLE_MARK = '<title>Usluge</title>';

type Treeshake = NonNullable<NonNullable<InlineConfig['build']>['rolldownOptions']>['treeshake'];
type PrerenderModule = { prerenderLanding: () => PrerenderedLanding };

function replaceOnce(html: string, mark: string, value: string): string {
  const parts = html.split(mark);
  if (parts.length !== 2) throw new Error(`${LANDING_HTML} must hold ${mark} exactly once`);
  return parts.join(value);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The landing page's stylesheet, moved into its <style>: it is small (2 KB compressed), and a
 * stylesheet of its own would hold the first paint back by one more round trip. (The CSP allows
 * inline styles, not inline scripts.)
 */
function inlineStylesheet(html: string, outDir: string): string {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g)];
  const [tag, file] = links.length === 1 && links[0] ? links[0] : [];
  if (!tag || !file) throw new Error(`${LANDING_HTML} must link exactly one stylesheet`);
  const css = fs.readFileSync(path.join(outDir, file), 'utf8');
  fs.rmSync(path.join(outDir, file));
  return html.replace(tag, () => `<style>${css}</style>`);
}

/** index.html with the page rendered into #root, its title and the theme script (none in dev). */
export function fillLandingHtml(html: string, page: PrerenderedLanding, bootScript: string | null): string {
  const bootTag = bootScript === null ? '' : `<script src="/${bootScript}"></script>`;
  let filled = replaceOnce(html, BOOT_MARK, bootTag);
  filled = replaceOnce(filled, PAGE_MARK, page.html);
  return replaceOnce(filled, TITLE_MARK, `<title>${escapeHtml(page.title)}</title>`);
}

/**
 * The landing page (index.html), built apart from the app (app.html): its own script and CSS, so
 * that nothing the app shares with it (theme, catalogues) drags React or the router into it; the
 * theme script as a classic script of its own, to run before the first paint; the page itself
 * rendered from the React components into #root, so it paints before any script has run; and its
 * CSS inlined.
 * The dev server renders it the same way on each visit to `/` and sends every other page app.html.
 */
export function landingPage({ treeshake }: { treeshake: Treeshake }): Plugin {
  let config: ResolvedConfig;

  const prerender = async (): Promise<PrerenderedLanding> => {
    const { module } = await runnerImport<PrerenderModule>(path.join(config.root, PRERENDER_ENTRY), {
      configFile: false,
      root: config.root,
      logLevel: 'warn',
      plugins: [react()],
    });
    return module.prerenderLanding();
  };

  return {
    name: 'usluge:landing-page',
    configResolved(resolved) {
      config = resolved;
    },

    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? '/').split('?')[0] ?? '/';
        const isPage =
          request.method === 'GET' &&
          request.headers.accept?.includes('text/html') === true &&
          path.extname(pathname) === '' &&
          !pathname.startsWith('/api') &&
          !pathname.startsWith('/@');
        if (!isPage) return next();
        if (pathname !== '/') {
          request.url = '/app.html';
          return next();
        }
        const render = async () => {
          const { prerenderLanding } = (await server.ssrLoadModule(PRERENDER_ENTRY)) as PrerenderModule;
          const template = fs.readFileSync(path.join(config.root, LANDING_HTML), 'utf8');
          const html = await server.transformIndexHtml(
            '/',
            fillLandingHtml(template, prerenderLanding(), null),
          );
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(html);
        };
        render().catch(next);
      });
    },

    writeBundle: {
      sequential: true,
      async handler() {
        if (config.command !== 'build' || config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const base: InlineConfig = {
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
        };
        const output = { outDir, emptyOutDir: false, copyPublicDir: false };

        await build({
          ...base,
          build: {
            ...output,
            rolldownOptions: { input: { landing: path.join(config.root, LANDING_HTML) }, treeshake },
          },
        });
        const boot = await build({
          ...base,
          build: {
            ...output,
            rolldownOptions: {
              input: { 'landing-boot': path.join(config.root, BOOT_ENTRY) },
              treeshake,
              output: { format: 'iife', entryFileNames: 'assets/[name]-[hash].js' },
            },
          },
        });
        const bootChunk = (Array.isArray(boot) ? boot : [boot]).flatMap((result) =>
          'output' in result ? result.output : [],
        )[0];
        if (!bootChunk) throw new Error('the landing boot script was not built');

        const htmlFile = path.join(outDir, LANDING_HTML);
        const html = fillLandingHtml(
          fs.readFileSync(htmlFile, 'utf8'),
          await prerender(),
          bootChunk.fileName,
        );
        fs.writeFileSync(htmlFile, inlineStylesheet(html, outDir));
      },
    },
  };
}
