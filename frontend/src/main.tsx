import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { preloadPage } from './app/pages';
import { createAppRouter } from './app/router';
import { reloadOnStaleBuild } from './lib/stale-build';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

reloadOnStaleBuild(window, window.sessionStorage);
preloadPage(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createAppRouter()} />
    </AppProvider>
  </StrictMode>,
);
