import { expectNoAxeFindings } from './a11y-support';
import type { OutboxMail } from './fixtures/dev-routes';
import type { Outbox } from './fixtures/outbox';
import { expect, test } from './fixtures/test';

// Issue 20, the video call (docs/support.md «Videollamada»): a Premium user books a slot from
// /support; both invitations, each with its .ics, reach the outbox; the support operator, in a
// second browser context, sees the booking in /operator; the user moves it and then cancels
// it, and each change sends both sides an updated .ics.

const SUPPORT_ADDRESS = 'soporte@rankmaps.es';

/** The .ics text attached to an outbox mail, read through the outbox's own attachment link. */
async function icsOf(outbox: Outbox, mail: OutboxMail): Promise<string> {
  const attachment = mail.attachments?.[0];
  expect(attachment?.filename, `${mail.kind} to ${mail.to} has an .ics`).toMatch(/\.ics$/);
  const res = await outbox.attachment(attachment!.url);
  expect(res.ok).toBe(true);
  return (await res.text()).replace(/\r\n /g, '');
}

test('when a Premium user books a video call from /support, then both invitations with .ics are in the outbox, the operator sees it, and the user moves and cancels it', async ({ page, outbox, subscribe, operatorPage: op }) => {
  test.setTimeout(180_000);
  const { email } = await subscribe('Premium');
  // The topic carries markup: every screen shows it as text and nothing runs.
  const topic = `Revisar el informe ${Date.now()} <img src=x onerror="window.__xss=1">`;

  // The chat's link lands on the card.
  await page.goto('/support#videollamada');
  const card = page.locator('#videollamada');
  await expect(card.getByRole('heading', { level: 2, name: 'Videollamada' })).toBeVisible();
  await expect(card.getByText('No tienes ninguna videollamada reservada.')).toBeVisible();
  await expect(card.getByText(/de lunes a viernes, de 9:00 a 18:00/)).toBeVisible();

  // Nothing chosen yet: the picker asks for a slot.
  await card.getByRole('button', { name: 'Reservar videollamada' }).click();
  await expect(card.getByText('Elige un día y una hora libres.')).toBeVisible();

  // A day, then a time, by keyboard: the times are radio buttons.
  const days = card.getByRole('group', { name: 'Día' }).getByRole('button');
  await expect(days.first()).toHaveAttribute('aria-pressed', 'true');
  const times = card.getByRole('radio');
  await times.first().focus();
  await page.keyboard.press('Space');
  await expect(times.first()).toBeChecked();
  const chosen = await times.first().getAttribute('value');
  await card.getByRole('textbox', { name: 'Tema (opcional)' }).fill(topic);
  await card.getByRole('button', { name: 'Reservar videollamada' }).click();
  await expect(page.getByText('Videollamada reservada. Te hemos enviado la invitación por email.')).toBeVisible();
  const booking = card.getByTestId('video-booking');
  await expect(booking).toHaveCount(1);
  await expect(booking).toContainText(topic);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  const link = booking.getByRole('link', { name: 'Entrar en la videollamada' });
  await expect(link).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\/RankMaps-[0-9a-f]{24}$/);
  const meetingUrl = (await link.getAttribute('href'))!;
  // The booked slot is no longer offered.
  await expect(card.locator(`input[value="${chosen}"]`)).toHaveCount(0);

  // Both invitations, each with its .ics REQUEST.
  const toUser = await outbox.find((m) => m.kind === 'video-booked' && m.to === email, 'the invitation to the user');
  const toTeam = await outbox.find((m) => m.kind === 'video-booked' && m.to === SUPPORT_ADDRESS && m.text.includes(email), 'the invitation to the support team');
  for (const mail of [toUser, toTeam]) {
    expect(mail.text).toContain(meetingUrl);
    const ics = await icsOf(outbox, mail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain(`URL:${meetingUrl}`);
  }
  expect(toTeam.text).toContain('(hora peninsular española)');
  const uid = /UID:(\S+)/.exec(await icsOf(outbox, toUser))![1];

  await expectNoAxeFindings(page, 'support video call');
  await card.screenshot({ path: 'e2e/.artifacts/screens/video-booking.png' });

  // The operator, signed in in a browser context of their own, sees it with the customer and the link.
  await op.goto('/operator');
  const section = op.getByTestId('operator-video');
  await expect(section.getByRole('heading', { name: 'Videollamadas' })).toBeVisible();
  const row = section.getByTestId('operator-video-booking').filter({ hasText: email });
  await expect(row).toContainText(topic);
  expect(await op.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(row.getByRole('link')).toHaveAttribute('href', meetingUrl);
  await expect(row.getByRole('button', { name: 'Cambiar hora' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancelar' })).toBeVisible();

  // The user moves it: another free slot, the same meeting, SEQUENCE 1 for both.
  await booking.getByRole('button', { name: 'Cambiar hora' }).click();
  const mover = card.getByTestId('video-move');
  await expect(mover.getByRole('heading', { name: /Nueva hora para tu videollamada/ })).toBeVisible();
  // A later day than the first one offered, so at least two times are free whatever the hour
  // the journey runs (late in the afternoon the first day may have a single time left).
  const moveDays = mover.getByRole('group', { name: 'Día' }).getByRole('button');
  await moveDays.nth(1).click();
  await expect(moveDays.nth(1)).toHaveAttribute('aria-pressed', 'true');
  // Arrow keys move between the times (native radio buttons).
  await expect(mover.getByRole('radio').nth(1)).toBeVisible();
  await mover.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(mover.getByRole('radio').nth(1)).toBeChecked();
  const movedTo = await mover.getByRole('radio').nth(1).getAttribute('value');
  await mover.getByRole('button', { name: 'Guardar nueva hora' }).click();
  await expect(page.getByText('Hora cambiada. Te hemos enviado la invitación actualizada por email.')).toBeVisible();
  await expect(card.getByTestId('video-booking')).toHaveCount(1);
  for (const to of [email, SUPPORT_ADDRESS]) {
    const moved = await outbox.find((m) => m.kind === 'video-moved' && m.to === to && m.text.includes(meetingUrl), `the move to ${to}`);
    const ics = await icsOf(outbox, moved);
    expect(ics).toContain(`UID:${uid}`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`DTSTART:${movedTo!.replace(/[-:]/g, '').replace('.000', '')}`);
  }

  // At 375 px the card has no sideways scroll.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Cancelling asks first; keeping it changes nothing.
  await card.getByTestId('video-booking').getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('¿Seguro que quieres cancelar la videollamada');
  await dialog.getByRole('button', { name: 'Mantenerla' }).click();
  await expect(card.getByTestId('video-booking')).toHaveCount(1);
  await card.getByTestId('video-booking').getByRole('button', { name: 'Cancelar' }).click();
  await dialog.getByRole('button', { name: 'Cancelar videollamada' }).click();
  await expect(page.getByText('Videollamada cancelada.')).toBeVisible();
  await expect(card.getByText('No tienes ninguna videollamada reservada.')).toBeVisible();
  for (const to of [email, SUPPORT_ADDRESS]) {
    const cancelled = await outbox.find((m) => m.kind === 'video-cancelled' && m.to === to && (to === email || m.text.includes(email)), `the cancellation to ${to}`);
    const ics = await icsOf(outbox, cancelled);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain(`UID:${uid}`);
    expect(ics).toContain('SEQUENCE:2');
  }
});
