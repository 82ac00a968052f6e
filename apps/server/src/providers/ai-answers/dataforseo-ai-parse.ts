import { z } from 'zod';
import type { DataForSeoTask, OddItemHook } from '../maps-search/dataforseo-parse';
import type { AiAnswer, AiNamedBusiness, AiSource } from './interface';
import { businessDomain, hostOf, normaliseBusinessName } from './match-business';

// Reading a DataForSEO Google SERP task (AI Mode, or the organic SERP with its AI overview)
// into an answer, field by field from the documented result:
//   https://docs.dataforseo.com/v3/serp/google/ai_mode/live/advanced/
//   https://docs.dataforseo.com/v3/serp/google/organic/live/advanced/
// The answer's text is the `ai_overview` item's `markdown`; its sources are that item's
// `references` (source, domain, url, title, text); the businesses are the `local_pack` items
// (title, domain, url, cid, rating), in rank_group order. An item that cannot be read is
// skipped and reported; the others keep their rank_group.

const serpSchema = z.object({ items: z.array(z.unknown()).nullish() });
const typed = z.object({ type: z.string() });

const referenceSchema = z.object({
  url: z.string(),
  title: z.string().nullish(),
  domain: z.string().nullish(),
  source: z.string().nullish(),
});
const overviewSchema = z.object({
  type: z.literal('ai_overview'),
  markdown: z.string().nullish(),
  references: z.array(z.unknown()).nullish(),
});
const localPackSchema = z.object({
  type: z.literal('local_pack'),
  rank_group: z.number().int().positive(),
  title: z.string().min(1),
  domain: z.string().nullish(),
  url: z.string().nullish(),
  cid: z.string().nullish(),
});

const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(raíz)'} ${i.message}`).join('; ');

function toSource(raw: unknown, onOddItem: OddItemHook): AiSource | null {
  const r = referenceSchema.safeParse(raw);
  const domain = r.success ? (hostOf(r.data.domain) ?? hostOf(r.data.url)) : null;
  if (!r.success || !domain) {
    onOddItem(raw, `referencia ilegible: ${r.success ? 'sin dominio' : issues(r.error)}`);
    return null;
  }
  return { url: r.data.url, title: r.data.title ?? r.data.source ?? null, domain };
}

/** The answer in one finished SERP task; an SERP without an AI overview is an answer with no text (not a failure). */
export function readAiSerp(task: DataForSeoTask, onOddItem: OddItemHook): Omit<AiAnswer, 'costUsd'> {
  const serp = serpSchema.safeParse(task.result?.[0] ?? {});
  const items = serp.success ? (serp.data.items ?? []) : [];
  const texts: string[] = [];
  const sources: AiSource[] = [];
  const businesses: AiNamedBusiness[] = [];
  const seenRanks = new Set<number>();
  for (const raw of items) {
    const kind = typed.safeParse(raw);
    if (!kind.success) {
      onOddItem(raw, 'elemento ilegible: sin tipo');
      continue;
    }
    if (kind.data.type === 'ai_overview') {
      const o = overviewSchema.safeParse(raw);
      if (!o.success) {
        onOddItem(raw, `elemento ilegible: ${issues(o.error)}`);
        continue;
      }
      if (o.data.markdown) texts.push(o.data.markdown);
      for (const ref of o.data.references ?? []) {
        const source = toSource(ref, onOddItem);
        if (source && !sources.some((s) => s.url === source.url)) sources.push(source);
      }
    } else if (kind.data.type === 'local_pack') {
      const b = localPackSchema.safeParse(raw);
      if (!b.success || seenRanks.has(b.data.rank_group)) {
        onOddItem(raw, b.success ? `posición repetida: local_pack ${b.data.rank_group}` : `elemento ilegible: ${issues(b.error)}`);
        continue;
      }
      seenRanks.add(b.data.rank_group);
      businesses.push({ position: b.data.rank_group, name: b.data.title, placeId: null, cid: b.data.cid ?? null, domain: hostOf(b.data.domain) ?? hostOf(b.data.url) });
    }
    // Other SERP items (organic results, videos, questions…) are not the AI's answer.
  }
  return { text: texts.join('\n\n'), businesses: businesses.sort((a, b) => a.position - b.position), sources };
}

/**
 * The answer of an organic SERP's AI overview (Google AI Overviews). The overview has no list of
 * businesses of its own: the SERP's local pack is the map's, not the AI's, so a local-pack
 * business counts as named only when the overview's text names it (normalised names, whole
 * words) or the overview cites its own website; in that order, each by where it first appears.
 * A SERP without an AI overview is an answer with no text and no businesses (not a failure).
 */
export function readAiOverviewSerp(task: DataForSeoTask, onOddItem: OddItemHook): Omit<AiAnswer, 'costUsd'> {
  const serp = readAiSerp(task, onOddItem);
  const hasOverview = serpSchema.safeParse(task.result?.[0] ?? {}).data?.items?.some((i) => typed.safeParse(i).data?.type === 'ai_overview') ?? false;
  if (!hasOverview) return { text: '', businesses: [], sources: [] };
  const words = ` ${normaliseBusinessName(serp.text)} `;
  const cited = serp.sources.map((s) => businessDomain(s.domain));
  const named = serp.businesses.flatMap((b) => {
    const name = normaliseBusinessName(b.name);
    const inText = name ? words.indexOf(` ${name} `) : -1;
    if (inText >= 0) return [{ b, order: inText }];
    const domain = businessDomain(b.domain);
    const ref = domain ? cited.indexOf(domain) : -1;
    return ref >= 0 ? [{ b, order: words.length + ref }] : [];
  });
  named.sort((x, y) => x.order - y.order || x.b.position - y.b.position);
  return { text: serp.text, sources: serp.sources, businesses: named.map(({ b }, i) => ({ ...b, position: i + 1 })) };
}

/** "lat,lng" with at most 7 decimals, as location_coordinate takes GPS coordinates. */
export function aiLocationCoordinate(lat: number, lng: number): string {
  return `${Number(lat.toFixed(7))},${Number(lng.toFixed(7))}`;
}
