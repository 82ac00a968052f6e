import { expect, test } from './fixtures/test';
import { PASSWORD, signIn, uniqueEmail } from './support';

// Account journeys in a real browser against the real server. E-mails are read from the
// local outbox (GET /api/dev/mail or the /dev/mail page); nothing is mocked.

const NEW_PASSWORD = 'Ranking!2026';

test('when a visitor signs up from the landing page and opens the e-mailed link, then they are signed in, sent to the plans page, and can sign out', async ({ page }) => {
  const email = uniqueEmail('alta');

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Unirme' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();

  await page.getByLabel('Nombre', { exact: true }).fill('Lucía Martín');
  await page.getByLabel('Email', { exact: true }).fill(email);

  // The checklist follows the typed password, and the form explains what is wrong.
  const password = page.getByLabel('Contraseña', { exact: true });
  await password.fill('corta');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('otra');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('La contraseña no cumple todos los requisitos')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Una letra mayúscula' })).toContainText('pendiente');

  await password.fill(PASSWORD);
  await expect(page.getByRole('listitem').filter({ hasText: 'Una letra mayúscula' })).toContainText('cumplido');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();

  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL(/\/email-verification\?email=/);
  await expect(page.getByRole('heading', { name: '¡Estás a un paso!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The demo set-up sends nothing out: the page points to the local outbox, which lists the mail.
  await page.getByRole('link', { name: 'Ábrelos en la bandeja de salida local' }).click();
  await expect(page.getByRole('heading', { name: 'Bandeja de salida local (solo desarrollo)' })).toBeVisible();
  const mail = page.getByRole('listitem').filter({ hasText: email }).filter({ hasText: 'Confirma tu email en RankMaps' });
  // The link works once: signing in swaps the layout around the page, which must not call again.
  let confirmCalls = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/auth/confirm-email/')) confirmCalls += 1;
  });
  await mail.getByRole('link', { name: /\/confirm-email\/user\// }).click();

  await expect(page.getByText('¡Email confirmado!')).toBeVisible();
  // Signed in with a confirmed e-mail but no plan: the guard sends the user to the plans.
  await expect(page).toHaveURL(/\/subscription$/);
  expect(confirmCalls).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('when a user forgets the password, then the e-mailed link sets a new one that signs them in, and the link works only once', async ({ page, confirmedAccount, outbox }) => {
  const { email } = await confirmedAccount();

  await page.goto('/signin');
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();

  await page.getByRole('button', { name: 'Recuperar contraseña' }).click();
  await expect(page.getByText('Introduce tu email para restablecer la contraseña.')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Recuperar contraseña' }).click();
  await expect(page.getByText('Email de restablecimiento de contraseña enviado. Revisa tu bandeja de entrada.')).toBeVisible();

  const link = await outbox.link(email, 'password-reset');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Crea una contraseña nueva' })).toBeVisible();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('Ranking!2027');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Tu contraseña se ha cambiado.')).toBeVisible();

  await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/subscription$/);

  // A used link is spent.
  await page.evaluate(() => localStorage.removeItem('authToken'));
  await page.goto(link);
  await expect(page.getByText('Token inválido o expirado.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/reset-password');
});

test('when signing in, then an unconfirmed account goes to the verification page, a wrong password is refused, and ?redirect is honoured', async ({ page, confirmedAccount, signUp }) => {
  const { email: unconfirmed } = await signUp();

  // A protected page sends a visitor to sign in, remembering where they were going.
  await page.goto('/rankmap');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Frankmap$/);
  await signIn(page, unconfirmed, PASSWORD);
  await expect(page).toHaveURL(/\/email-verification\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('email')).toBe(unconfirmed);
  expect(url.searchParams.get('redirect')).toBe('/rankmap');
  await expect(page.getByRole('heading', { name: '¡Estás a un paso!' })).toBeVisible();
  await expect(page.getByText(unconfirmed)).toBeVisible();

  const resend = page.getByRole('button', { name: /Reenviar/ });
  await resend.click();
  await expect(page.getByText('Enlace de verificación enviado correctamente')).toBeVisible();
  await expect(resend).toHaveText(/Reenviar en \d+s/);
  await expect(resend).toBeDisabled();

  await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/signin\?redirect=%2Frankmap$/);

  const { email: confirmed } = await confirmedAccount();

  await page.goto('/signin?redirect=%2Fbuy-credits');
  await signIn(page, confirmed, 'NoEsMiClave#1');
  await expect(page.getByRole('alert').filter({ hasText: 'Email o contraseña incorrectos.' })).toBeVisible();
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fbuy-credits$/);

  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Recordarme').check();
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/buy-credits$/);

  // Already signed in: the sign-in page passes straight through to the redirect target.
  await page.goto('/signin?redirect=%2Ffaq');
  await expect(page).toHaveURL(/\/faq$/);
});

test('when a confirmation link is broken or already used, then the page says so and offers the way back to sign in', async ({ page }) => {
  await page.goto('/confirm-email/user/enlace-que-no-existe-123456');
  await expect(page.getByText('Token inválido o expirado.')).toBeVisible();
  await expect(page.getByText('Es posible que el enlace haya caducado o que ya se haya utilizado.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});
