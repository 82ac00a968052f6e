import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { registerBilling } from './billing';
import { captchaRoutes } from './captcha/captcha.routes';
import { clientsRoutes } from './clients/clients.routes';
import { contactRoutes } from './contact/contact.routes';
import { devMailRoutes } from './dev-mail/dev-mail.routes';
import { gbpRoutes } from './gbp/gbp.routes';
import { keywordsRoutes } from './keywords/keywords.routes';
import { coastlineRoutes } from './geo/coastline.routes';
import { competitorsRoutes } from './places/competitors.routes';
import { matrixRoutes } from './places/matrix.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { placesRoutes } from './places/places.routes';
import { portfolioRoutes } from './portfolio/portfolio.routes';
import { creditWarningsDevRoutes } from './rankmaps/credit-warnings.routes';
import { rankmapReportsRoutes } from './rankmaps/rankmap-reports.routes';
import { rankmapsRoutes } from './rankmaps/rankmaps.routes';
import { reportBrandRoutes } from './reports/report-brand.routes';
import { seoRoutes } from './seo/seo.routes';
import { supportRoutes } from './support/support.routes';
import { registerUsers } from './users';

/** The routes of each domain, under /api. One line per module. */
export async function registerModules(app: FastifyInstance) {
  void app;
  await app.register(captchaRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(supportRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await registerUsers(app);
  await app.register(devMailRoutes, { prefix: '/api' });
  await registerBilling(app);
  await app.register(matrixRoutes, { prefix: '/api' });
  await app.register(coastlineRoutes, { prefix: '/api' });
  await app.register(placesRoutes, { prefix: '/api' });
  await app.register(competitorsRoutes, { prefix: '/api' });
  await app.register(keywordsRoutes, { prefix: '/api' });
  await app.register(rankmapsRoutes, { prefix: '/api' });
  await app.register(rankmapReportsRoutes, { prefix: '/api' });
  await app.register(creditWarningsDevRoutes, { prefix: '/api' });
  await app.register(gbpRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(reportBrandRoutes, { prefix: '/api' });
  await app.register(clientsRoutes, { prefix: '/api' });
  await app.register(portfolioRoutes, { prefix: '/api' });
  await app.register(seoRoutes);
}
