// The one OpenAPI document split in two references (docs/api.md): what customers build on
// (/api/v1, authenticated by API keys, and the webhooks it sends) and the internal session
// and operator API that only the web app calls.

export interface OpenApiDocument {
  info: Record<string, unknown>;
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, { tags?: string[] }>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

const isPublicPath = (path: string) => path.startsWith('/api/v1/') || path === '/api/v1';

const PUBLIC_TAGS = [
  {
    name: 'API v1',
    description:
      'API pública versionada, con claves de API (rmk_…), permisos read y scans, paginación por cursor ({data, nextCursor} y limit) y límite por clave (cabeceras RateLimit-Limit, RateLimit-Remaining y RateLimit-Reset; al pasarlo, 429 con Retry-After). Errores como {error, code} en español.',
  },
  {
    name: 'webhooks',
    description:
      'Tus endpoints HTTPS reciben los eventos analysis.completed, analysis.failed, alert.triggered, campaign.round.completed, credits.low y listing.changed como POST JSON { id, type, createdAt, data }. Cada envío lleva RankMaps-Event, RankMaps-Delivery (el id de la entrega: descarta repetidos por él) y RankMaps-Signature: t=<segundos unix>,v1=<HMAC-SHA256 en hexadecimal, con el secreto whsec_… del endpoint, de "<t>.<cuerpo tal cual llegó>">. Compara la firma en tiempo constante y rechaza las de hace más de 5 minutos. Un 2xx confirma la entrega; cualquier otra respuesta se reintenta con espera creciente durante unos 3 días, y tras 5 entregas fallidas seguidas el endpoint se desactiva y te avisamos por correo.',
  },
];

/** The component schemas the paths point to, directly or through one another; the rest would be unused. */
function usedSchemas(paths: unknown, schemas: Record<string, unknown> = {}) {
  const used: Record<string, unknown> = {};
  let text = JSON.stringify(paths);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, schema] of Object.entries(schemas)) {
      if (!(name in used) && text.includes(`"#/components/schemas/${name}"`)) {
        used[name] = schema;
        text += JSON.stringify(schema);
        grew = true;
      }
    }
  }
  return used;
}

/** What each tag of the internal reference groups; a tag not listed here gets no description. */
const INTERNAL_TAGS: Record<string, string> = {
  auth: 'Registro, confirmación del email, inicio y cierre de sesión, renovación del token y contraseñas.',
  usuario: 'El perfil, sus datos de facturación, la foto y las claves de API.',
  negocios: 'Los negocios del usuario: alta, cuadrícula, mercado, escaneo semanal.',
  keywords: 'Las keywords de cada negocio y su importación desde CSV.',
  análisis: 'Los análisis de posiciones: lanzarlos, su estado, resultados, tendencia, comparación y exportación.',
  'competidores seguidos': 'Los competidores que el usuario sigue en cada negocio.',
  informes: 'Informes de cliente: vista previa, PDF, marca blanca y enlaces para compartir.',
  'informes por correo': 'Envío periódico del informe a los destinatarios de cada negocio.',
  notificaciones: 'Avisos en la campana, por email y por Slack, y sus preferencias.',
  clientes: 'Los clientes de una agencia y sus logotipos.',
  cartera: 'La cartera de una agencia: todos sus negocios de un vistazo.',
  campañas: 'Campañas de escaneo programadas de una agencia.',
  equipo: 'Los espacios de trabajo de la persona, los miembros e invitaciones de uno y el traspaso de su propiedad.',
  pagos: 'Planes, suscripción, pagos, créditos y cambios de plan.',
  'sandbox de pagos': 'El proveedor de pagos local (sin Stripe): su página de pago y sus renovaciones.',
  'google business profile': 'La conexión con Google Business Profile y sus estadísticas.',
  webhooks: 'Los endpoints de webhooks del usuario y el registro de sus entregas.',
  actividad: 'El registro de actividad del espacio de trabajo: quién hizo qué y cuándo (propietario y administradores).',
  soporte: 'Tickets de soporte y videollamadas del cliente.',
  chat: 'El chat en vivo con el equipo de soporte.',
  operador: 'La bandeja del equipo de soporte: tickets, chats y videollamadas (solo operadores).',
  contacto: 'El formulario de contacto público.',
  captcha: 'El reto anti-bots de los formularios públicos.',
  sistema: 'Estado del servicio y configuración pública.',
  desarrollo: 'Herramientas de desarrollo (solo con DEV_TOOLS).',
};

function pick(doc: OpenApiDocument, keep: (path: string) => boolean) {
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => keep(path)));
  const used = new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
  return { paths, used };
}

export function publicReference(doc: OpenApiDocument): OpenApiDocument {
  const { paths } = pick(doc, isPublicPath);
  return {
    ...doc,
    info: {
      ...doc.info,
      title: 'RankMaps API',
      description: 'La API pública de RankMaps: tus negocios, keywords, análisis, campañas, informes y créditos, con una clave de API. Los webhooks que enviamos se describen en su etiqueta.',
    },
    tags: PUBLIC_TAGS,
    paths,
    components: { schemas: usedSchemas(paths, doc.components?.schemas), securitySchemes: { apiKey: doc.components?.securitySchemes?.apiKey } },
  };
}

export function internalReference(doc: OpenApiDocument): OpenApiDocument {
  const { paths, used } = pick(doc, (path) => !isPublicPath(path));
  return {
    ...doc,
    info: {
      ...doc.info,
      title: 'RankMaps · API interna',
      description: 'La API de sesión que usa la aplicación web y las rutas de operador. No es un contrato público: cambia con la aplicación. Para integraciones, usa la API v1 (/api/docs).',
    },
    tags: [...used].sort().map((name) => (INTERNAL_TAGS[name] ? { name, description: INTERNAL_TAGS[name] } : { name })),
    paths,
    components: { schemas: usedSchemas(paths, doc.components?.schemas), securitySchemes: { bearer: doc.components?.securitySchemes?.bearer } },
  };
}
