import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';
import { NotFoundRoute } from './routes/not-found';

type PageModule = { default: ComponentType };

/** A route page in its own chunk (React.lazy), which can also be fetched ahead of rendering. */
function lazyPage(load: () => Promise<PageModule>) {
  return Object.assign(lazy(load), { preload: load });
}

const HomeRoute = lazyPage(() => import('./routes/home'));
const AdminRoute = lazyPage(() => import('./routes/admin'));
const RegisterRoute = lazyPage(() => import('./routes/register'));
const LoginRoute = lazyPage(() => import('./routes/login'));
const UserRoute = lazyPage(() => import('./routes/user'));
const ChatRoute = lazyPage(() => import('./routes/chat'));
const VideoSessionRoute = lazyPage(() => import('./routes/video-session'));
const BecomePerformerRoute = lazyPage(() => import('./routes/become-performer'));
const PerformerLoginRoute = lazyPage(() => import('./routes/performer-login'));
const PerformerRegisterRoute = lazyPage(() => import('./routes/performer-register'));
const PerformerDashboardRoute = lazyPage(() => import('./routes/performer-dashboard'));

/** Every route of the spec (§2); none takes path parameters. */
export const paths = {
  home: '/',
  admin: '/admin',
  register: '/register',
  login: '/login',
  user: '/user',
  chat: '/chat',
  videoSession: '/video-session',
  becomePerformer: '/become-performer',
  performerLogin: '/performer/login',
  performerRegister: '/performer/register',
  performerDashboard: '/performer/dashboard',
} as const;

const pageByPath: Record<string, { preload: () => Promise<PageModule> }> = {
  [paths.home]: HomeRoute,
  [paths.admin]: AdminRoute,
  [paths.register]: RegisterRoute,
  [paths.login]: LoginRoute,
  [paths.user]: UserRoute,
  [paths.chat]: ChatRoute,
  [paths.videoSession]: VideoSessionRoute,
  [paths.becomePerformer]: BecomePerformerRoute,
  [paths.performerLogin]: PerformerLoginRoute,
  [paths.performerRegister]: PerformerRegisterRoute,
  [paths.performerDashboard]: PerformerDashboardRoute,
};

/** Start fetching the first page's chunk while the app boots, instead of after the first render. */
export function preloadPage(pathname: string): void {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  void pageByPath[normalized]?.preload().catch(() => undefined);
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: paths.home, element: <HomeRoute /> },
            { path: paths.admin, element: <AdminRoute /> },
            { path: paths.register, element: <RegisterRoute /> },
            { path: paths.login, element: <LoginRoute /> },
            { path: paths.user, element: <UserRoute /> },
            { path: paths.chat, element: <ChatRoute /> },
            { path: paths.videoSession, element: <VideoSessionRoute /> },
            { path: paths.becomePerformer, element: <BecomePerformerRoute /> },
            { path: paths.performerLogin, element: <PerformerLoginRoute /> },
            { path: paths.performerRegister, element: <PerformerRegisterRoute /> },
            { path: paths.performerDashboard, element: <PerformerDashboardRoute /> },
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ]);
}
