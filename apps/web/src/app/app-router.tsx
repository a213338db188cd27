import { createBrowserRouter, RouterProvider } from 'react-router';
import { registerRouter } from './navigator.ts';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);
registerRouter(router);

/** The single-page app: every route of SPEC.md section 2 on the data router. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
