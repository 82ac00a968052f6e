import { z } from 'zod';
import type { DataForSeoTask, OddItemHook } from '../maps-search/dataforseo-parse';
import type { AiAnswer, AiNamedBusiness, AiSource } from './interface';
import { hostOf } from './match-business';

// Reading a ChatGPT LLM Scraper task into an answer, field by field from the documented result
// (https://docs.dataforseo.com/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced/):
// the text is the result's `markdown` (else its `chat_gpt_text` items'); the sources are the
// result's `sources`, "the sources the model actually cited" (else the text items' own); the
// businesses are the `chat_gpt_local_businesses` items' elements (title, domain, url), in the
// order the answer shows them. An element or source that cannot be read is skipped and reported.

const resultSchema = z.object({
  markdown: z.string().nullish(),
  sources: z.array(z.unknown()).nullish(),
  items: z.array(z.unknown()).nullish(),
});
const itemSchema = z.object({
  type: z.string(),
  markdown: z.string().nullish(),
  sources: z.array(z.unknown()).nullish(),
  items: z.array(z.unknown()).nullish(),
});
const sourceSchema = z.object({ url: z.string().min(1), title: z.string().nullish(), domain: z.string().nullish(), source_name: z.string().nullish() });
const localBusinessSchema = z.object({ title: z.string().trim().min(1), domain: z.string().nullish(), url: z.string().nullish() });

const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(raíz)'} ${i.message}`).join('; ');

function readSources(raws: readonly unknown[], onOddItem: OddItemHook): AiSource[] {
  const out: AiSource[] = [];
  for (const raw of raws) {
    const s = sourceSchema.safeParse(raw);
    const domain = s.success ? (hostOf(s.data.domain) ?? hostOf(s.data.url)) : null;
    if (!s.success || !domain) {
      onOddItem(raw, `fuente ilegible: ${s.success ? 'sin dominio' : issues(s.error)}`);
      continue;
    }
    if (!out.some((o) => o.url === s.data.url)) out.push({ url: s.data.url, title: s.data.title ?? s.data.source_name ?? null, domain });
  }
  return out;
}

/** The answer in one finished ChatGPT LLM Scraper task. */
export function readChatGptAnswer(task: DataForSeoTask, onOddItem: OddItemHook): Omit<AiAnswer, 'costUsd'> {
  const parsed = resultSchema.safeParse(task.result?.[0] ?? {});
  const result = parsed.success ? parsed.data : {};
  const items: z.infer<typeof itemSchema>[] = [];
  for (const raw of result.items ?? []) {
    const item = itemSchema.safeParse(raw);
    if (item.success) items.push(item.data);
    else onOddItem(raw, `elemento ilegible: ${issues(item.error)}`);
  }
  const textItems = items.filter((i) => i.type === 'chat_gpt_text');
  const text = result.markdown?.trim() ? result.markdown : textItems.map((i) => i.markdown ?? '').filter(Boolean).join('\n\n');
  const cited = result.sources?.length ? result.sources : textItems.flatMap((i) => i.sources ?? []);

  const businesses: AiNamedBusiness[] = [];
  const cards = items.filter((i) => i.type === 'chat_gpt_local_businesses').flatMap((i) => i.items ?? []);
  for (const [index, raw] of cards.entries()) {
    const b = localBusinessSchema.safeParse(raw);
    if (!b.success) {
      onOddItem(raw, `negocio ilegible: ${issues(b.error)}`);
      continue;
    }
    // No rank inside a card list: the order shown is the position, and an unreadable card leaves a gap rather than promoting the rest.
    businesses.push({ position: index + 1, name: b.data.title, placeId: null, cid: null, domain: hostOf(b.data.domain) ?? hostOf(b.data.url) });
  }
  return { text, businesses, sources: readSources(cited, onOddItem) };
}
