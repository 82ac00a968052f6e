import { unitHash } from './demo-data';
import { type GbpGoogleUpdated, GbpRefusedError, type GbpReview, type GbpReviewReply } from './interface';

// The demo's reviews (docs/decisions.md §32.4), «Datos de demostración»: a deterministic timeline
// per location — a review every 1 to 9 days since DEMO_START (about six a month), Spanish text
// by stars, some with photos, most older ones answered — so time passing brings new reviews
// and the incremental sync sees them as it would on Google. Replies made here, and the reviews
// the developer tool makes arrive, live in this process's memory on top of the timeline.

const DAY_MS = 86_400_000;
const DEMO_START = Date.parse('2025-06-01T09:00:00Z');

const NAMES = [
  'María García',
  'Javier López',
  'Lucía Fernández',
  'Carlos Martín',
  'Ana Ruiz',
  'Pablo Sánchez',
  'Elena Gómez',
  'Sergio Díaz',
  'Carmen Moreno',
  'Raúl Jiménez',
  'Laura Navarro',
  'Diego Romero',
];
const COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Trato excelente y muy profesionales. Repetiré sin duda.',
    'Me atendieron enseguida y me explicaron todo con calma. Muy recomendable.',
    'Las instalaciones están impecables y el equipo es encantador.',
    'Muy contentos con el resultado. ¡Gracias!',
  ],
  4: [
    'Buen servicio, aunque tuve que esperar un poco.',
    'Todo correcto y el personal muy amable. El aparcamiento es complicado.',
    'Profesionales y puntuales. Un poco caro.',
  ],
  3: ['Correcto sin más. La atención fue algo fría.', 'El servicio bien, pero me cambiaron la cita dos veces.'],
  2: ['Esperé casi una hora a pesar de tener cita.', 'No me explicaron bien el presupuesto y al final pagué más.'],
  1: ['Muy mala experiencia: nadie contestaba al teléfono y me cancelaron sin avisar.', 'No volveré. Trato desagradable en recepción.'],
};
const REPLIES = [
  '¡Muchas gracias por tu reseña, {nombre}! Nos alegra que te sintieras bien atendido.',
  'Gracias por contarnos tu experiencia, {nombre}. Tomamos nota para mejorar.',
];

/** A small labelled placeholder image (no network): a review's photo in the demo. */
function demoPhoto(seed: number): string {
  const hue = Math.floor(seed * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="hsl(${hue},45%,70%)"/><text x="80" y="66" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#1f2937">Foto de demostración</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function starsOf(u: number): 1 | 2 | 3 | 4 | 5 {
  // Roughly Google's usual spread: most five stars, a tail of low ones.
  if (u < 0.58) return 5;
  if (u < 0.8) return 4;
  if (u < 0.89) return 3;
  if (u < 0.95) return 2;
  return 1;
}

function timelineReview(location: string, k: number, createTime: Date, now: Date): GbpReview {
  const u = (what: string) => unitHash(`${location}|${k}|${what}`);
  const stars = starsOf(u('stars'));
  const pool = COMMENTS[stars];
  const name = NAMES[Math.floor(u('name') * NAMES.length)]!;
  const edited =
    u('edit') < 0.08 ? new Date(Math.min(now.getTime(), createTime.getTime() + (1 + Math.floor(u('editDays') * 5)) * DAY_MS)) : createTime;
  const ageDays = (now.getTime() - createTime.getTime()) / DAY_MS;
  const answered = ageDays > 4 && u('answered') < 0.7;
  const reply: GbpReviewReply | null = answered
    ? {
        comment: REPLIES[Math.floor(u('reply') * REPLIES.length)]!.replace('{nombre}', name.split(' ')[0]!),
        updateTime: new Date(createTime.getTime() + (1 + Math.floor(u('replyDelay') * 3)) * DAY_MS),
        state: 'published',
        policyViolation: null,
      }
    : null;
  return {
    name: `${location}/reviews/demo-${k}`,
    reviewId: `demo-${k}`,
    stars,
    comment: u('empty') < 0.1 ? null : pool[Math.floor(u('comment') * pool.length)]!,
    reviewer: { displayName: name, photoUrl: null, anonymous: false },
    createTime,
    updateTime: edited,
    reply,
    media: u('media') < 0.15 ? [{ kind: 'photo', url: demoPhoto(u('photo')), thumbnailUrl: demoPhoto(u('photo')) }] : [],
    replyUrl: null,
  };
}

/** Every review of the timeline written by `now`. */
export function demoTimeline(location: string, now: Date): GbpReview[] {
  const out: GbpReview[] = [];
  let t = DEMO_START + Math.floor(unitHash(`${location}|start`) * 5) * DAY_MS;
  for (let k = 0; t <= now.getTime() && k < 2000; k++) {
    out.push(timelineReview(location, k, new Date(t), now));
    t += (1 + Math.floor(unitHash(`${location}|${k}|gap`) * 9)) * DAY_MS + Math.floor(unitHash(`${location}|${k}|hour`) * 10) * 3_600_000;
  }
  return out;
}

/** The demo store of one process: replies and arrivals made here, over the timeline. */
export class DemoReviewStore {
  private readonly replies = new Map<string, GbpReviewReply | null>();
  private readonly arrivals = new Map<string, GbpReview[]>();

  all(location: string, now: Date): GbpReview[] {
    const list = [...demoTimeline(location, now), ...(this.arrivals.get(location) ?? [])].map((r) => {
      if (!this.replies.has(r.name)) return r;
      return { ...r, reply: this.replies.get(r.name) ?? null };
    });
    return list.sort((a, b) => b.updateTime.getTime() - a.updateTime.getTime() || (a.name < b.name ? 1 : -1));
  }

  find(name: string, now: Date): GbpReview | undefined {
    const location = name.split('/reviews/')[0]!;
    return this.all(location, now).find((r) => r.name === name);
  }

  reply(name: string, comment: string, now: Date): GbpReviewReply {
    // Like Google's moderation of links in replies: the demo refuses one, with its reason.
    if (/https?:\/\/|www\./i.test(comment)) throw new GbpRefusedError('Las respuestas no pueden contener enlaces a otros sitios web.');
    const reply: GbpReviewReply = { comment, updateTime: now, state: 'published', policyViolation: null };
    this.replies.set(name, reply);
    return reply;
  }

  deleteReply(name: string): void {
    this.replies.set(name, null);
  }

  /** A new review arrives now (the developer tool), with the stars asked or a plausible one. */
  arrive(location: string, now: Date, stars?: 1 | 2 | 3 | 4 | 5): GbpReview {
    const list = this.arrivals.get(location) ?? [];
    const k = 100_000 + list.length;
    const base = timelineReview(location, k, now, now);
    const s = stars ?? base.stars;
    const review: GbpReview = {
      ...base,
      name: `${location}/reviews/demo-arrival-${now.getTime()}-${list.length}`,
      reviewId: `demo-arrival-${now.getTime()}-${list.length}`,
      stars: s,
      comment: COMMENTS[s][0]!,
      reply: null,
    };
    list.push(review);
    this.arrivals.set(location, list);
    return review;
  }
}

/** The demo's listing as Google shows it; one week in six Google "suggests" another primary category. */
export function demoGoogleUpdated(location: string, now: Date): GbpGoogleUpdated {
  const week = Math.floor(now.getTime() / (7 * DAY_MS));
  const edited = unitHash(`${location}|edit|${week}`) < 1 / 6;
  return {
    fields: {
      name: null,
      category: edited ? 'Dentista' : 'Clínica dental',
      additionalCategories: 'Ortodoncista',
      address: null,
      phone: '+34 952 00 00 00',
      website: null,
      hours: null,
      description: null,
    },
    diffMask: edited ? ['categories.primaryCategory'] : [],
    pendingMask: [],
  };
}
