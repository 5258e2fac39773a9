import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';
import { NotFoundRoute } from './routes/not-found';

type PageModule = { default: ComponentType };

/**
 * Every route of the spec (§2), listed once: each page is its own chunk, loaded when it is
 * visited (or ahead of the first render, see `preloadPage`). No route takes path parameters.
 */
const pages: Record<string, () => Promise<PageModule>> = {
  '/': () => import('./routes/home'),
  '/admin': () => import('./routes/admin'),
  '/register': () => import('./routes/register'),
  '/login': () => import('./routes/login'),
  '/user': () => import('./routes/user'),
  '/chat': () => import('./routes/chat'),
  '/video-session': () => import('./routes/video-session'),
  '/become-performer': () => import('./routes/become-performer'),
  '/performer/login': () => import('./routes/performer-login'),
  '/performer/register': () => import('./routes/performer-register'),
  '/performer/dashboard': () => import('./routes/performer-dashboard'),
};

/** Start fetching the first page's chunk while the app boots, instead of after the first render. */
export function preloadPage(pathname: string): void {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  void pages[normalized]?.().catch(() => undefined);
}

export function createAppRouter() {
  const routes = Object.entries(pages).map(([path, load]) => {
    const Page = lazy(load);
    return { path, element: <Page /> };
  });
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [{ errorElement: <RouteError />, children: [...routes, { path: '*', element: <NotFoundRoute /> }] }],
    },
  ]);
}
