import { expectNoAxeFindingsOnceSettled } from './a11y-support';
import { expect, test } from './fixtures/test';
import { addKeyword, addMadridClinic, createdPlaceName } from './support';

// Issue 31 in a real browser (docs/decisions.md §32): a demo business scanned once by the
// pg-boss worker with two competitors followed; «Reseñas» charts its review count against
// theirs; the demo Business Profile connected from the page itself brings its simulated
// reviews (figures, filters, «Cargar más», photos); a new 2-star review arrives (the developer
// tools' «review-arrive») as a bell alert, is answered with a template after Google (the demo)
// refused a reply with a link, shows «Publicada», and its reply is deleted after a confirmation;
// a simulated category change arrives in «Cambios en la ficha» and in the bell.

test('when a demo business connects its Business Profile, then «Reseñas» lists its reviews, a low-star review arrives as an alert and is answered with a template, the reply is deleted after a confirmation, and a category change shows in «Cambios en la ficha» and in the bell', async ({
  page,
  subscribe,
  dev,
}) => {
  test.setTimeout(300_000);
  await subscribe('Starter');
  const placeId = await addMadridClinic(page);
  const placeName = await createdPlaceName(page);
  await addKeyword(page, 'dentista');
  await page.getByRole('link', { name: /^dentista/ }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);

  // One scan, then two competitors followed from its table.
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await modal.getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('competitors-table')).toBeVisible({ timeout: 90_000 });
  for (let i = 0; i < 2; i++) {
    const pin = page
      .getByTestId('competitors-table')
      .getByRole('button', { name: /^Seguir a / })
      .first();
    const name = (await pin.getAttribute('aria-label'))!.replace('Seguir a ', '');
    await pin.click();
    await expect(page.getByTestId('competitors-table').getByRole('button', { name: `Dejar de seguir a ${name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  // «Reseñas»: the review pace against the followed competitors; the reviews need the Business Profile.
  await page.goto(`/reviews?place=${placeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reseñas' })).toBeVisible();
  const pace = page.getByTestId('review-pace');
  await expect(pace.getByTestId('review-pace-chart')).toBeVisible();
  await expect(pace.getByTestId('review-pace-table').getByRole('row')).toHaveCount(4);
  const reviews = page.getByTestId('gbp-reviews');
  const note = reviews.getByTestId('gbp-reviews-note');
  await expect(note).toContainText('Conecta tu Perfil de Empresa de Google para ver y responder tus reseñas.');

  // Connected from the page itself (the demo consent): back on «Reseñas» with the reviews.
  await note.getByRole('button', { name: 'Conectar Google Business' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Google Business Profile conectado.' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(
    (url) => url.pathname === '/reviews' && url.searchParams.get('place') === placeId && !url.searchParams.has('gbp'),
  );
  await expect(reviews.getByText('Datos de demostración')).toBeVisible({ timeout: 30_000 });
  await expect(reviews.getByTestId('reviews-sync')).toContainText('Última sincronización:', { timeout: 60_000 });
  await expect(reviews.getByTestId('reviews-total')).toHaveText(/^\d[\d.]*$/);
  await expect(reviews.getByTestId('reviews-average')).toHaveText(/^\d,\d/);
  await expect(reviews.getByTestId('reviews-response-rate')).toHaveText(/^\d+\s?%$/);
  await expect(reviews.getByTestId('reviews-median')).toHaveText(/^(menos de 1 h|\d+ h|\d+ días?)$/);
  await expect(reviews.getByTestId('reviews-distribution').getByRole('listitem')).toHaveCount(5);
  const list = reviews.getByTestId('reviews-list');
  const cards = list.getByTestId('review');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(20);

  // «Cargar más» follows the cursor; a photo opens bigger and Escape closes it.
  await reviews.getByRole('button', { name: 'Cargar más reseñas' }).click();
  await expect(cards).toHaveCount(40);
  const photo = list.getByRole('button', { name: /^Ver la foto 1 de / }).first();
  await expect(photo).toBeVisible();
  await photo.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: /^Foto de la reseña de / });
  await expect(viewer.getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Filters: 1 and 2 stars only, then unanswered first.
  const filters = reviews.getByTestId('reviews-filters');
  await filters.getByRole('button', { name: '2 estrellas' }).click();
  await filters.getByRole('button', { name: '1 estrella' }).click();
  await expect(filters.getByRole('button', { name: '2 estrellas' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first().or(reviews.getByTestId('reviews-empty'))).toBeVisible();
  for (const label of await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')))
    expect(label).toMatch(/, [12] estrellas?$/);
  await filters.getByRole('button', { name: 'Quitar filtros' }).click();
  await filters.getByRole('button', { name: 'Sin responder primero' }).click();
  await expect(filters.getByRole('button', { name: 'Sin responder primero' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toContainText('Sin responder.');
  await filters.getByRole('button', { name: 'Más recientes' }).click();

  // A new 2-star review arrives: the bell says so, urgently.
  expect(await dev.simulateReviewArrival(placeId, 2)).toBe(201);
  const bell = page.getByTestId('notification-bell-sidebar').getByRole('button', { name: /^Notificaciones/ });
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  const lowStar = panel.getByRole('link', { name: `Reseña de 2 estrellas en ${placeName}: responde pronto` });
  await expect
    .poll(
      async () => {
        await page.reload();
        await bell.click();
        const n = await lowStar.count();
        await page.keyboard.press('Escape');
        return n;
      },
      { message: 'the low-star alert in the bell', timeout: 60_000, intervals: [2000] },
    )
    .toBe(1);
  await bell.click();
  await lowStar.click();
  await expect(page).toHaveURL((url) => url.pathname === '/reviews' && url.searchParams.has('review'));
  const arrived = reviews.locator('article[aria-current="true"]');
  await expect(arrived).toBeVisible();
  await expect(arrived).toHaveAttribute('aria-label', /, 2 estrellas$/);
  await expect(arrived).toContainText('Sin responder.');
  const reviewer = /^Reseña de (.+), 2 estrellas$/.exec((await arrived.getAttribute('aria-label'))!)![1]!;

  // Templates: none yet, so the two Spanish examples; one added with a click.
  await reviews.getByRole('button', { name: 'Plantillas de respuesta' }).click();
  const templates = page.getByRole('dialog', { name: 'Plantillas de respuesta' });
  await expect(templates.getByTestId('template-starters')).toBeVisible();
  await templates.getByRole('button', { name: 'Añadir la plantilla «Disculpa (pocas estrellas)»' }).click();
  await expect(templates.getByTestId('template')).toHaveCount(1);
  await templates.getByRole('button', { name: 'Cerrar' }).click();
  await expect(templates).toBeHidden();

  // A reply with a link: Google (the demo) refuses it, and its reason shows under the field.
  await arrived.getByRole('button', { name: `Responder a ${reviewer}` }).click();
  const editor = arrived.getByTestId('reply-editor');
  const text = editor.getByRole('textbox', { name: 'Texto de la respuesta' });
  await expect(text).toBeFocused();
  await text.fill('Escríbenos en www.ejemplo.com');
  await expect(editor).toContainText('29 / 4096');
  const refused = page.waitForResponse((r) => /\/reviews\/[^/]+\/reply$/.test(r.url()) && r.request().method() === 'PUT');
  await editor.getByRole('button', { name: 'Publicar respuesta' }).click();
  expect((await refused).status()).toBe(422);
  await expect(editor.getByRole('alert')).toContainText('Las respuestas no pueden contener enlaces a otros sitios web.');

  // «Usar plantilla»: the apology, with the reviewer's and the business's names filled in.
  await editor.getByRole('button', { name: 'Usar plantilla' }).click();
  await page.getByRole('menuitem', { name: 'Disculpa (pocas estrellas)' }).click();
  await expect(text).toHaveValue(
    new RegExp(`^Hola, ${reviewer}\\. Sentimos mucho que tu experiencia en ${placeName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} no`),
  );
  await editor.getByRole('button', { name: 'Publicar respuesta' }).click();
  await expect(editor).toBeHidden();
  const reply = arrived.getByTestId('review-reply');
  await expect(reply.getByTestId('reply-state')).toHaveText('Publicada');
  await expect(reply).toContainText(`Hola, ${reviewer}.`);

  // Deleting asks first; «Cancelar» keeps it, confirming removes it.
  await reply.getByRole('button', { name: `Eliminar la respuesta a ${reviewer}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('¿Eliminar la respuesta?');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(reply).toBeVisible();
  await reply.getByRole('button', { name: `Eliminar la respuesta a ${reviewer}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar respuesta' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Respuesta eliminada.' })).toBeVisible();
  await expect(arrived).toContainText('Sin responder.');
  await expect(arrived.getByTestId('review-reply')).toHaveCount(0);

  // Google edits the primary category (simulated): «Cambios en la ficha» and the bell say so.
  await expect
    .poll(() => dev.simulateListingEdit(placeId), { message: 'the simulated edit', timeout: 60_000, intervals: [1000] })
    .toBe(201);
  await page.goto(`/reviews?place=${placeId}`);
  const change = page.getByTestId('listing-change').first();
  // The page's several sections load at once; on a shared runner the last can take a while.
  await expect(change).toContainText('Categoría principal', { timeout: 30_000 });
  await expect(change).toContainText('Dentista');
  await bell.click();
  await expect(panel.getByRole('link', { name: /Cambio en la ficha de .+: categoría principal/ })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // A phone: nothing scrolls sideways; then axe finds nothing on the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForLoadState('networkidle');
  await expectNoAxeFindingsOnceSettled(page, 'Reseñas');
});
