import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

// The public site as a visitor sees it, in Spanish (the default language).

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test.describe('landing page', () => {
  test('when a visitor opens /, then the hero offers a free start and the plans', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/RankMaps/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Descubre dónde aparece tu negocio en los mapas');
    for (const section of [
      'De la dirección de tu negocio a un plan de acción',
      'Tu visibilidad local, punto a punto',
      'Comprueba si tus cambios funcionan',
      'Todo lo que necesitas para ganar tu zona',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByText('Hasta 2 meses gratis con el pago anual')).toBeVisible();
    await expect(page.getByRole('img', { name: /Mapa de calor de ejemplo/ }).first()).toBeVisible();

    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await hero.getByRole('link', { name: 'Comenzar gratis' }).click();
    await expect(page).toHaveURL(/\/signin$/);

    await page.goto('/home');
    await hero.getByRole('link', { name: 'Ver planes' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Planes claros para ganar visibilidad en los mapas' })).toBeVisible();
  });

  test('when a visitor looks at the header and footer, then every public page is one click away', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Cómo funciona' })).toHaveAttribute('href', '/como-funciona');
    await expect(nav.getByRole('link', { name: 'Precios' })).toHaveAttribute('href', '/pricing');
    await expect(nav.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faq');
    await expect(nav.getByRole('link', { name: 'Contacta' })).toHaveAttribute('href', '/contact');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/signin');
    await expect(header.getByRole('link', { name: 'Unirme' })).toHaveAttribute('href', '/signup');
    await expect(header.getByRole('link', { name: 'RankMaps, ir al inicio' })).toHaveAttribute('href', '/');

    await nav.getByRole('link', { name: 'Cómo funciona' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Así trabaja RankMaps por tu visibilidad local' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cómo funciona' })).toHaveAttribute('aria-current', 'page');
    for (const step of ['Configurar el negocio', 'Escaneo automático', 'Información accionable']) {
      await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/legal/privacy');
    await expect(footer.getByRole('link', { name: 'Política de cookies' })).toHaveAttribute('href', '/legal/cookie');
    await expect(footer.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute('href', '/legal/terms');
    await expect(footer.getByRole('link', { name: 'Precios' })).toHaveAttribute('href', '/pricing');
    await expect(footer.getByRole('link', { name: /^Correo electrónico: .+@.+/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /^Teléfono: / })).toBeVisible();
  });
});

test('when a visitor opens a FAQ question, then the accordion expands and the plan facts come from the catalogue', async ({ page }) => {
  await page.goto('/faq');
  for (const section of ['¿Qué es RankMaps?', 'RankMaps y funcionalidades', 'Precios y planes', 'Técnico y soporte']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  const question = page.getByRole('button', { name: '¿Cuántos negocios puedo añadir?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  const panelId = await question.getAttribute('aria-controls');
  expect(panelId).toBeTruthy();
  const answer = page.locator(`[id="${panelId}"]`);
  await expect(answer).toBeHidden();

  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('El plan Básico incluye 1 negocio.');
  await expect(answer).toContainText('El plan Premium incluye 10 negocios.');

  // Keyboard: Enter closes it again.
  await question.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();

  await page.getByRole('button', { name: '¿Cómo funcionan los créditos?' }).click();
  await expect(page.getByText(/500 créditos por 20\s€ \(0,04\s€ por crédito, IVA incluido\)/)).toBeVisible();

  await expect(page.getByRole('link', { name: 'Comenzar gratis' })).toHaveAttribute('href', '/signin');
  await expect(page.getByRole('main').getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('link', { name: 'Contactar', exact: true })).toHaveAttribute('href', '/contact');
});

test('when a visitor switches audience and billing period, then the plans and prices follow the catalogue', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('Sin compromiso', { exact: true })).toBeVisible();
  const owners = page.getByRole('radio', { name: 'Dueños de Negocios' });
  const agents = page.getByRole('radio', { name: 'Agentes de Marketing' });
  const annual = page.getByRole('radio', { name: /Anual/ });
  const monthly = page.getByRole('radio', { name: 'Mensual' });
  await expect(owners).toHaveAttribute('aria-checked', 'true');
  await expect(annual).toHaveAttribute('aria-checked', 'true');
  await expect(annual).toContainText('Ahorra');
  await expect(page.getByRole('heading', { level: 3, name: 'Básico' })).toBeVisible();

  await agents.click();
  await expect(agents).toHaveAttribute('aria-checked', 'true');
  for (const name of ['Starter', 'Agency', 'Enterprise']) await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Básico' })).toHaveCount(0);

  const agency = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Agency' }) });
  await expect(agency).toContainText('79 €/mes');
  await expect(agency).toContainText('948 € facturados una vez al año');
  await expect(agency).toContainText('Ahorras 240 € al año');
  // Once per price block (docs/decisions.md §22.6): the catalogue's prices are without IVA.
  await expect(agency.getByText('IVA incluido', { exact: true })).toHaveCount(1);
  await expect(agency).toContainText('Más popular');
  await expect(agency).toContainText('Ilimitados');
  await expect(agency).toContainText('hasta 21×21');

  await monthly.click();
  await expect(monthly).toHaveAttribute('aria-checked', 'true');
  await expect(agency).toContainText('99 €/mes');
  await expect(agency).toContainText('Facturado cada mes');

  // Arrow keys move within the radio group.
  await monthly.press('ArrowRight');
  await expect(annual).toHaveAttribute('aria-checked', 'true');
  await expect(annual).toBeFocused();
  await expect(agency).toContainText('79 €/mes');

  // What the agency plan adds, read from the catalogue.
  await expect(agency.getByTestId('plan-features-pro_agency')).toHaveText(/Clientes y cartera.*Campañas.*marca blanca.*API, webhooks y MCP.*Soporte en directo/);
  await expect(agency).not.toContainText('Hecho con RankMaps');
  // The sign-up carries the plan and period picked to the checkout after confirmation.
  await agency.getByRole('link', { name: 'Comenzar gratis' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fsubscription%3Fplan%3Dpro_agency%26period%3Dannual$/);
});

test('when a visitor opens the credits page, then it shows the one package and asks them to sign in to buy', async ({ page }) => {
  await page.goto('/buy-credits');
  await expect(page.getByText('500 créditos', { exact: true })).toBeVisible();
  await expect(page.getByText('20 €', { exact: true })).toBeVisible();
  await expect(page.getByText('0,04 € por crédito')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Paquete de créditos' }).getByText('IVA incluido', { exact: true })).toBeVisible();
  await expect(page.getByText('Válidos durante 12 meses desde la compra')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión para comprar' })).toHaveAttribute('href', '/signin?redirect=/buy-credits');
});

test('when a visitor opens the legal pages, then each renders its document', async ({ page }) => {
  const docs = [
    ['/legal/privacy', 'Política de privacidad', 'Reglamento (UE) 2016/679 (RGPD)'],
    ['/legal/cookie', 'Política de cookies', 'LSSI-CE'],
    ['/legal/terms', 'Términos y condiciones', 'Juzgados y Tribunales de Málaga'],
    ['/legal/notice', 'Aviso legal', 'Datos identificativos'],
  ] as const;
  for (const [path, title, excerpt] of docs) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const article = page.getByRole('article');
    await expect(article).toContainText(excerpt);
    await expect(article).toContainText('Málaga');
    await expect(article).not.toContainText('{{');
  }
  await page.goto('/legal/notice');
  await expect(page.getByRole('article')).toContainText(/Correo electrónico: \S+@\S+/);
  await page.goto('/legal/privacy');
  await expect(page.getByText('Última actualización: diciembre de 2024')).toBeVisible();
  await expect(page.getByRole('article')).toContainText('RGPD');

  await page.goto('/legal/terms');
  const terms = page.getByRole('article');
  await expect(terms).toContainText('El cargo de cada período es definitivo una vez iniciado el servicio');
  await expect(terms).toContainText('no existe derecho de desistimiento');
  await expect(terms).toContainText('únicamente al mismo medio de pago utilizado en la compra original');
  await expect(terms).toContainText('Juzgados y Tribunales de Málaga');

  await page.goto('/legal/whatever');
  await expect(page.getByRole('heading', { level: 1, name: 'Lo sentimos, no hemos encontrado esta página' })).toBeVisible();
});

test('when a visitor opens an unknown path, then the not-found page leads back home, in either language', async ({ page }) => {
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Lo sentimos, no hemos encontrado esta página' })).toBeVisible();
  const back = page.getByRole('link', { name: 'Volver al inicio' });
  await expect(back).toHaveAttribute('href', '/');

  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Sorry, we couldn't find this page" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Homepage' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('contentinfo').getByRole('button', { name: 'Español' }).click();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Descubre dónde aparece tu negocio');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('when a visitor opens the menu, then it lists Inicio, Contacta, Iniciar Sesión and Registrarse, and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/faq');
    await expect(mainNav(page)).toBeHidden();
    // The bar's call reads as on a desktop; the menu keeps the spec's «Registrarse» (docs/decisions.md §29.4).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Unirme' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Menú' });
    await expect(menu.getByRole('link')).toHaveText(['Inicio', 'Contacta', 'Iniciar Sesión', 'Registrarse']);
    await expect(menu.getByRole('link', { name: 'Inicio' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu.getByRole('link', { name: 'Registrarse' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    // The sign-up page itself reads as on a desktop (e2e/auth.spec.ts at 1280 px).
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
  });
});

test('when a crawler fetches /sitemap.xml and /robots.txt, then it gets XML with absolute URLs and crawl rules', async ({
  request,
  baseURL,
}) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  const xml = await res.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThan(5);
  for (const loc of locs) expect(loc).toMatch(new RegExp(`^${baseURL}/`));
  expect(locs).toContain(`${baseURL}/faq`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test.describe('signed-in layout (profile answered by a stub)', () => {
  const profile = {
    _id: 'u-e2e',
    name: 'Lucía Fernández',
    firstName: null,
    lastName: null,
    email: 'lucia@clinicasonrisa.es',
    profilePicture: null,
    mail_confirmed: true,
    currentPlan: 'profesional',
    subscriptionStatus: 'active',
    options: [],
    billingData: null,
    places: [],
    activePlaceId: null,
    planLimits: { type: 'basic', places: 3, keywords: 5, weeklyScans: 1, gridSize: 9, credits: 0 },
    subscriptionCredits: 0,
    extraCredits: 0,
  };

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('authToken', 'e2e-token'));
    await page.route('**/api/user/profile', (route) => route.fulfill({ json: profile }));
    // The signed-in layout's bell asks for the notifications too; the stubbed token must not
    // meet the real server, whose 401 would sign the user out.
    await page.route('**/api/notifications?*', (route) => route.fulfill({ json: { notifications: [], total: 0, unread: 0, page: 1, limit: 20 } }));
    // The menus follow the role in the active workspace (docs/decisions.md §30.7): a solo user owns theirs.
    await page.route('**/api/workspaces', (route) => route.fulfill({ json: { items: [{ id: '00000000-0000-4000-8000-000000000001', name: profile.name, role: 'owner', active: true, brand: null, poweredBy: true }] } }));
  });

  test('when a signed-in user opens a public page, then the collapsible sidebar shows their account and logs out', async ({ page }) => {
    await page.goto('/faq');
    const sidebar = page.getByRole('navigation', { name: 'Menú de la aplicación' });
    await expect(sidebar.getByRole('link')).toHaveText(['Inicio', 'RankMap', 'Cartera', 'Campañas', 'Estadísticas', 'Reseñas', 'Equipo', 'Actividad', 'Soporte', 'Perfil']);
    await expect(page.getByText('Lucía Fernández').first()).toBeVisible();
    await expect(page.getByText('lucia@clinicasonrisa.es').first()).toBeVisible();

    const collapse = page.getByRole('button', { name: 'Contraer menú lateral' });
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await collapse.click();
    await expect(page.getByRole('button', { name: 'Expandir menú lateral' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await page.locator('aside').boundingBox())?.width).toBe(80);
    await page.getByRole('button', { name: 'Expandir menú lateral' }).click();
    await expect.poll(async () => (await page.locator('aside').boundingBox())?.width).toBe(288);

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  test('when an agency plan is signed in, then the sidebar adds «Clientes» and the phone’s bottom bar holds «Cartera» and «Campañas», not «Reseñas»', async ({ page }) => {
    const agency = { ...profile, planLimits: { type: 'pro', places: 10, keywords: 100, weeklyScans: 1, gridSize: 15, credits: 1000 } };
    await page.route('**/api/user/profile', (route) => route.fulfill({ json: agency }));
    await page.goto('/faq');
    const sidebar = page.getByRole('navigation', { name: 'Menú de la aplicación' });
    await expect(sidebar.getByRole('link')).toHaveText(['Inicio', 'RankMap', 'Cartera', 'Clientes', 'Campañas', 'Estadísticas', 'Reseñas', 'Equipo', 'Actividad', 'Soporte', 'Perfil']);
    await expect(sidebar.getByRole('link', { name: 'Clientes' })).toHaveAttribute('href', '/clientes');

    await page.setViewportSize({ width: 375, height: 812 });
    const bottomBar = page.getByRole('navigation', { name: 'Accesos rápidos' });
    await expect(bottomBar.getByRole('link')).toHaveText(['Inicio', 'RankMap', 'Cartera', 'Campañas', 'Perfil']);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú' });
    await expect(menu.getByRole('link')).toHaveText(['Panel', 'RankMap', 'Cartera', 'Clientes', 'Campañas', 'Estadísticas', 'Reseñas', 'Equipo', 'Actividad', 'Soporte', 'Perfil']);
  });

  test('when a signed-in user is on a phone, then the bottom bar and the menu list the app sections', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The stubbed token must not meet the real server, which would sign the user out.
    await page.route('**/api/payment/subscription-info', (route) =>
      route.fulfill({
        json: {
          hasActiveSubscription: true,
          plan: { id: 'profesional', name: 'Profesional', type: 'basic', limits: { places: 3, keywords: 5, weeklyScans: 1, gridSize: 9 } },
          subscription: {
            id: 'sub_e2e',
            status: 'active',
            cancelAtPeriodEnd: false,
            amount: 290,
            currency: 'eur',
            billingPeriod: 'anual',
            currentPeriodStart: '2026-01-01T00:00:00.000Z',
            currentPeriodEnd: '2027-01-01T00:00:00.000Z',
            trialEnd: null,
            lastPaymentDate: '2026-01-01T00:00:00.000Z',
            lastPaymentFailure: null,
          },
          credits: { subscription: 0, extra: 0, planMonthly: 0 },
          provider: 'sandbox',
        },
      }),
    );
    await page.goto('/pricing');
    const bottomBar = page.getByRole('navigation', { name: 'Accesos rápidos' });
    await expect(bottomBar.getByRole('link')).toHaveText(['Inicio', 'RankMap', 'Estadísticas', 'Reseñas', 'Perfil']);

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú' });
    await expect(menu.getByRole('link')).toHaveText(['Panel', 'RankMap', 'Cartera', 'Campañas', 'Estadísticas', 'Reseñas', 'Equipo', 'Actividad', 'Soporte', 'Perfil']);
    await expect(page.locator('#app-mobile-menu').getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // A subscriber changes plan rather than starting a second checkout (docs/decisions.md §22.1):
    // the current plan is marked and every other plan offers the change. The checkout's own
    // failure message is covered by billing.spec.ts.
    const basico = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Básico' }) });
    await expect(basico.getByRole('button', { name: 'Cambiar a este plan' })).toBeEnabled();
    const profesional = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Profesional' }) });
    await expect(profesional).toContainText('Tu plan actual');
  });
});
