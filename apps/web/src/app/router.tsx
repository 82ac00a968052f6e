import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { HomeSwitch, RequireAuth } from './guards';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';

// Every page is its own chunk: a visitor on the landing page downloads only the landing page.
const Landing = lazy(() => import('./routes/landing'));
const HowItWorks = lazy(() => import('./routes/como-funciona'));
const Faq = lazy(() => import('./routes/faq'));
const BannerPreview = lazy(() => import('./routes/banner-preview'));
const Contact = lazy(() => import('./routes/contact'));
const Legal = lazy(() => import('./routes/legal'));
const Pricing = lazy(() => import('./routes/pricing'));
const BuyCredits = lazy(() => import('./routes/buy-credits'));
const SignIn = lazy(() => import('./routes/signin'));
const SignUp = lazy(() => import('./routes/signup'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const ResetPasswordToken = lazy(() => import('./routes/reset-password-token'));
const ConfirmEmail = lazy(() => import('./routes/confirm-email'));
const EmailVerification = lazy(() => import('./routes/email-verification'));
const DevMail = lazy(() => import('./routes/dev-mail'));
const NotFound = lazy(() => import('./routes/not-found'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const ComingSoon = lazy(() => import('./routes/coming-soon'));
const Profile = lazy(() => import('./routes/profile'));
const SubscriptionSuccess = lazy(() => import('./routes/subscription-success'));
const SandboxCheckout = lazy(() => import('./routes/sandbox-checkout'));
const SandboxPortal = lazy(() => import('./routes/sandbox-portal'));

const protectedPage = (path: string, page: string, requirePlan = true) => ({
  path,
  element: (
    <RequireAuth requirePlan={requirePlan}>
      <ComingSoon page={page} />
    </RequireAuth>
  ),
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: '/signin', element: <SignIn /> },
          { path: '/signup', element: <SignUp /> },
          { path: '/reset-password', element: <ResetPassword /> },
          { path: '/reset-password/:token', element: <ResetPasswordToken /> },
        ],
      },
      {
        // Public pages: the public layout for visitors, the sidebar layout when signed in.
        element: <SiteLayout />,
        children: [
          { path: '/', element: <HomeSwitch landing={<Landing />} dashboard={<Dashboard />} /> },
          { path: '/home', element: <Landing /> },
          { path: '/como-funciona', element: <HowItWorks /> },
          { path: '/faq', element: <Faq /> },
          { path: '/contact', element: <Contact /> },
          { path: '/legal/:doc', element: <Legal /> },
          { path: '/pricing', element: <Pricing /> },
          { path: '/subscription', element: <Pricing /> },
          { path: '/buy-credits', element: <BuyCredits /> },
          { path: '/email-verification', element: <EmailVerification /> },
          { path: '/confirm-email/:type?/:token?', element: <ConfirmEmail /> },
          { path: '/dev/mail', element: <DevMail /> },
          // The sandbox payment provider's pages: checkout is public like Stripe's; the portal acts for the signed-in user.
          { path: '/sandbox/checkout/:id', element: <SandboxCheckout /> },
          {
            path: '/sandbox/portal',
            element: (
              <RequireAuth requirePlan={false}>
                <SandboxPortal />
              </RequireAuth>
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '/banner-preview', element: <BannerPreview /> },
      {
        element: <AppLayout />,
        children: [
          {
            path: '/subscription/success',
            element: (
              <RequireAuth requirePlan={false}>
                <SubscriptionSuccess />
              </RequireAuth>
            ),
          },
          protectedPage('/rankmap', 'rankmap'),
          protectedPage('/estadisticas', 'statistics'),
          protectedPage('/reviews', 'reviews'),
          // No plan needed: a user without one manages their account and subscribes from here.
          {
            path: '/profile',
            element: (
              <RequireAuth requirePlan={false}>
                <Profile />
              </RequireAuth>
            ),
          },
          protectedPage('/support', 'support'),
          protectedPage('/new-place', 'newPlace'),
          protectedPage('/edit-matrix/:placeId', 'editMatrix'),
          protectedPage('/rankmap/:placeId', 'place'),
          protectedPage('/rankmap/:placeId/keyword/:keywordId', 'keyword'),
        ],
      },
    ],
  },
]);
