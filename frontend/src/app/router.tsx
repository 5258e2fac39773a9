import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { pages } from './pages';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';
import { NotFoundRoute } from './routes/not-found';

export function createAppRouter() {
  const routes = Object.entries(pages).map(([path, page]) => {
    const Page = 'load' in page ? lazy(page.load) : page.Component;
    return { path, element: <Page /> };
  });
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [{ errorElement: <RouteError />, children: [...routes, { path: '*', element: <NotFoundRoute /> }] }],
    },
  ]);
}
