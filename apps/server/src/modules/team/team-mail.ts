import { ROLE_LABELS, type WorkspaceRole } from '@rankmaps/shared/permissions';
import { INVITATION_TTL_DAYS } from '@rankmaps/shared/schemas/team';
import { type RenderedEmail, render } from '../auth/email-templates';

// The team's e-mails (docs/decisions.md §30.3), in the app's one layout, in Spanish.

export function invitationEmail(input: { email: string; workspaceName: string; inviterName: string | null; role: WorkspaceRole; link: string }): RenderedEmail {
  const who = input.inviterName ?? 'Un administrador';
  return render(`${who} te invita a «${input.workspaceName}» en RankMaps`, {
    title: 'Te han invitado a un espacio de trabajo',
    greetingName: input.email,
    paragraphs: [
      `${who} te invita a unirte al espacio de trabajo «${input.workspaceName}» en RankMaps con el rol de ${ROLE_LABELS[input.role]}.`,
      'Si aún no tienes cuenta, podrás crearla al aceptar: solo te pediremos tu nombre y una contraseña.',
      `La invitación caduca en ${INVITATION_TTL_DAYS} días y solo se puede usar una vez.`,
    ],
    button: { label: 'Aceptar la invitación', url: input.link },
    footnote: 'Si no esperabas esta invitación, puedes ignorar este mensaje.',
  });
}

export function keysRevokedEmail(input: { ownerName: string; memberName: string; workspaceName: string; keys: readonly { name: string; prefix: string }[]; link: string }): RenderedEmail {
  const list = input.keys.map((k) => `«${k.name}» (${k.prefix}…)`).join(', ');
  return render(`Claves de API revocadas en «${input.workspaceName}»`, {
    title: 'Claves de API revocadas',
    greetingName: input.ownerName,
    paragraphs: [
      `${input.memberName} ya no es miembro del espacio de trabajo «${input.workspaceName}», así que hemos revocado las claves de API que creó: ${list}.`,
      'Las integraciones que las usaban dejarán de funcionar hasta que crees claves nuevas.',
    ],
    button: { label: 'Ver las claves de API', url: input.link },
    footnote: 'Te avisamos porque eres quien administra este espacio de trabajo.',
  });
}

export function ownershipOfferEmail(input: { newOwnerName: string; ownerName: string; workspaceName: string; link: string }): RenderedEmail {
  return render(`${input.ownerName} quiere pasarte la propiedad de «${input.workspaceName}»`, {
    title: 'Traspaso de propiedad',
    greetingName: input.newOwnerName,
    paragraphs: [
      `${input.ownerName} quiere que seas el nuevo propietario del espacio de trabajo «${input.workspaceName}» en RankMaps.`,
      'Como propietario gestionarás el plan, los pagos y el equipo. Quien lo es ahora pasará a ser Administrador.',
      'El traspaso no se hace hasta que lo aceptes desde la página del equipo.',
    ],
    button: { label: 'Revisar el traspaso', url: input.link },
    footnote: 'Si no esperabas este mensaje, no hagas nada: sin tu aceptación nada cambia.',
  });
}
