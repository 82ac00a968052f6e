import { type RenderedEmail, render } from '../auth/email-templates';

/** The e-mail telling a user their endpoint was switched off after repeated failure (docs/webhooks.md). */
export function endpointDisabledEmail(input: { name: string; url: string; failures: number; lastError: string | null; appUrl: string }): RenderedEmail {
  const title = 'Hemos desactivado uno de tus webhooks';
  return render(title, {
    title,
    greetingName: input.name,
    paragraphs: [
      `Las últimas ${input.failures} entregas a ${input.url} fallaron después de todos los reintentos, así que hemos desactivado ese endpoint y no le enviaremos más eventos.`,
      ...(input.lastError ? [`Último error: ${input.lastError}`] : []),
      'Cuando el servidor vuelva a funcionar, actívalo de nuevo en tu perfil (pestaña Webhooks). Desde allí también puedes reenviar las entregas que fallaron.',
    ],
    button: { label: 'Ver mis webhooks', url: `${input.appUrl}/profile?tab=webhooks` },
    footnote: 'Recibes este correo porque tienes webhooks de RankMaps configurados en tu cuenta.',
  });
}
