import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { HomeSwitch, RequireAuth, RequireCan, RequirePlan } from './guards';
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
const Profile = lazy(() => import('./routes/profile'));
const SubscriptionSuccess = lazy(() => import('./routes/subscription-success'));
const SandboxCheckout = lazy(() => import('./routes/sandbox-checkout'));
const SandboxPortal = lazy(() => import('./routes/sandbox-portal'));
const Rankmap = lazy(() => import('./routes/rankmap'));
const Portfolio = lazy(() => import('./routes/cartera'));
const Clients = lazy(() => import('./routes/clientes'));
const Campaigns = lazy(() => import('./routes/campanas'));
const Campaign = lazy(() => import('./routes/campana'));
const NewPlace = lazy(() => import('./routes/new-place'));
const EditMatrix = lazy(() => import('./routes/edit-matrix'));
const PlaceKeywords = lazy(() => import('./routes/place'));
const KeywordAnalysis = lazy(() => import('./routes/keyword-analysis'));
const AiVisibility = lazy(() => import('./routes/ai-visibility'));
const Support = lazy(() => import('./routes/support'));
const Operator = lazy(() => import('./routes/operator'));
const Reviews = lazy(() => import('./routes/reviews'));
const Statistics = lazy(() => import('./routes/estadisticas'));
const Team = lazy(() => import('./routes/equipo'));
const Activity = lazy(() => import('./routes/actividad'));
const Invitation = lazy(() => import('./routes/invitacion'));
const Authorize = lazy(() => import('./routes/autorizar'));

/** `/login`, the old address of the sign-in page (the server answers it with a 301 too). */
function LoginMoved() {
  const { search } = useLocation();
  return <Navigate to={`${paths.signin.path}${search}`} replace />;
}

/**
 * The route table (docs/product.md §2). Declarative routes: the app uses no loaders or actions, and
 * this mode keeps about 17 KB of gzip out of every first visit.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<AuthLayout />}>
          <Route path={paths.signin.path} element={<SignIn />} />
          <Route path="/login" element={<LoginMoved />} />
          <Route path={paths.signup.path} element={<SignUp />} />
          <Route path={paths.resetPassword.path} element={<ResetPassword />} />
          <Route path={paths.resetPasswordToken.path} element={<ResetPasswordToken />} />
          {/* An invitation to a workspace: public, and for a signed-in person too (docs/decisions.md §30.7). */}
          <Route path={paths.invitation.path} element={<Invitation />} />
          {/* The OAuth consent screen (docs/decisions.md §33.3): signed in, any plan; the server checks the workspace's. */}
          <Route element={<RequireAuth requirePlan={false} />}>
            <Route path={paths.authorize.path} element={<Authorize />} />
          </Route>
        </Route>
        {/* Public pages: the public layout for visitors, the sidebar layout when signed in. */}
        <Route element={<SiteLayout />}>
          <Route path={paths.root.path} element={<HomeSwitch landing={<Landing />} dashboard={<Dashboard />} />} />
          <Route path={paths.landing.path} element={<Landing />} />
          <Route path={paths.howItWorks.path} element={<HowItWorks />} />
          <Route path={paths.faq.path} element={<Faq />} />
          <Route path={paths.contact.path} element={<Contact />} />
          <Route path={paths.legal.path} element={<Legal />} />
          <Route path={paths.pricing.path} element={<Pricing />} />
          <Route path={paths.subscription.path} element={<Pricing />} />
          <Route path={paths.buyCredits.path} element={<BuyCredits />} />
          <Route path={paths.emailVerification.path} element={<EmailVerification />} />
          <Route path={paths.confirmEmail.path} element={<ConfirmEmail />} />
          <Route path={paths.devMail.path} element={<DevMail />} />
          {/* The sandbox payment provider's pages: checkout is public like Stripe's; the portal acts for the signed-in user. */}
          <Route path={paths.sandboxCheckout.path} element={<SandboxCheckout />} />
          <Route element={<RequireAuth requirePlan={false} />}>
            <Route path={paths.sandboxPortal.path} element={<SandboxPortal />} />
          </Route>
          <Route path={paths.notFound.path} element={<NotFound />} />
        </Route>
        <Route path={paths.bannerPreview.path} element={<BannerPreview />} />
        {/* The signed-in screens: one guard inside the sidebar layout, so the shell draws while it decides. */}
        <Route element={<AppLayout />}>
          <Route element={<RequireAuth requirePlan={false} />}>
            {/* No plan needed yet: the webhook or the sandbox may still be activating it. */}
            <Route path={paths.subscriptionSuccess.path} element={<SubscriptionSuccess />} />
            {/* The support operator's inbox: the server decides who is an operator; no plan needed. */}
            <Route path={paths.operator.path} element={<Operator />} />
            <Route element={<RequirePlan />}>
              <Route path={paths.profile.path} element={<Profile />} />
              <Route path={paths.rankmap.path} element={<Rankmap />} />
              <Route path={paths.portfolio.path} element={<Portfolio />} />
              <Route element={<RequireCan action="clients.manage" />}>
                <Route path={paths.clients.path} element={<Clients />} />
              </Route>
              <Route element={<RequireCan action="data.write" />}>
                <Route path={paths.campaigns.path} element={<Campaigns />} />
                <Route path={paths.newCampaign.path} element={<Campaign />} />
                <Route path={paths.campaign.path} element={<Campaign />} />
                <Route path={paths.newPlace.path} element={<NewPlace />} />
                <Route path={paths.editMatrix.path} element={<EditMatrix />} />
              </Route>
              <Route element={<RequireCan action="integrations.manage" />}>
                <Route path={paths.statistics.path} element={<Statistics />} />
              </Route>
              <Route path={paths.reviews.path} element={<Reviews />} />
              <Route path={paths.support.path} element={<Support />} />
              <Route path={paths.place.path} element={<PlaceKeywords />} />
              <Route path={paths.keywordAnalysis.path} element={<KeywordAnalysis />} />
              <Route path={paths.aiVisibility.path} element={<AiVisibility />} />
              {/* Owners and admins; like the screens above, the table of docs/decisions.md §30.2 decides. */}
              <Route element={<RequireCan action="members.manage" />}>
                <Route path={paths.team.path} element={<Team />} />
              </Route>
              <Route element={<RequireCan action="activity.read" />}>
                <Route path={paths.activity.path} element={<Activity />} />
              </Route>
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
