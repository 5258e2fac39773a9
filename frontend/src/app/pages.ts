import type { ComponentType } from 'react';
import HomeRoute from './routes/home';

type PageModule = { default: ComponentType };

/** A page shipped with the app itself, or one loaded when it is visited. */
export type Page = { Component: ComponentType } | { load: () => Promise<PageModule> };

/**
 * Every route (docs/product.md#routes), listed once. The landing page's first screen ships with the app
 * (most visits start there, and it then needs no second round trip); every other page is its own
 * chunk, loaded when it is visited, or as the app boots when it is the first. No route takes path
 * parameters.
 */
export const pages: Record<string, Page> = {
  '/': { Component: HomeRoute },
  '/admin': { load: () => import('./routes/admin') },
  '/register': { load: () => import('./routes/register') },
  '/login': { load: () => import('./routes/login') },
  '/user': { load: () => import('./routes/user') },
  '/chat': { load: () => import('./routes/chat') },
  '/video-session': { load: () => import('./routes/video-session') },
  '/become-performer': { load: () => import('./routes/become-performer') },
  '/performer/login': { load: () => import('./routes/performer-login') },
  '/performer/register': { load: () => import('./routes/performer-register') },
  '/performer/dashboard': { load: () => import('./routes/performer-dashboard') },
  '/performer/statement': { load: () => import('./routes/performer-statement') },
  '/show/:performerId': { load: () => import('./routes/show') },
  '/spy': { load: () => import('./routes/spy') },
  '/privacy': { load: () => import('./routes/privacy') },
  '/termini': { load: () => import('./routes/termini') },
  '/cookie': { load: () => import('./routes/cookie') },
  '/faq': { load: () => import('./routes/faq') },
  '/contatti': { load: () => import('./routes/contatti') },
  '/password-dimenticata': { load: () => import('./routes/forgot-password') },
  '/reimposta-password': { load: () => import('./routes/reset-password') },
  '/impostazioni': { load: () => import('./routes/settings') },
  '/impostazioni/email': { load: () => import('./routes/confirm-email') },
  '/dev/outbox': { load: () => import('./routes/dev-outbox') },
};

/** Start fetching the first page's chunk at once, in parallel with the app itself. */
export function preloadPage(pathname: string): void {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = pages[normalized];
  if (page && 'load' in page) void page.load().catch(() => undefined);
}
