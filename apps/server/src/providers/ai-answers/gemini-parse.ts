import { z } from 'zod';
import type { OddItemHook } from '../maps-search/dataforseo-parse';
import { AiEngineFatalError, AiEngineRetryableError, type AiNamedBusiness, type AiSource } from './interface';
import { hostOf, normaliseBusinessName } from './match-business';

// Reading a Gemini API generateContent answer grounded in Google Maps, field by field from the
// documented GenerateContentResponse (https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse)
// and google.rpc.Status errors ({error: {code, message, status, details}}).

export const GEMINI = 'Gemini';

const segmentSchema = z.object({ startIndex: z.number().int().nullish(), endIndex: z.number().int().nullish() });
const metadataSchema = z.object({
  groundingChunks: z.array(z.unknown()).nullish(),
  groundingSupports: z.array(z.object({ segment: segmentSchema.nullish(), groundingChunkIndices: z.array(z.number().int()).nullish() })).nullish(),
});
const responseSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({ parts: z.array(z.object({ text: z.string().nullish(), thought: z.boolean().nullish() }).passthrough()).nullish() }).nullish(),
        finishReason: z.string().nullish(),
        groundingMetadata: metadataSchema.nullish(),
      }),
    )
    .nullish(),
  promptFeedback: z.object({ blockReason: z.string().nullish() }).nullish(),
  usageMetadata: z
    .object({ promptTokenCount: z.number().nullish(), candidatesTokenCount: z.number().nullish(), thoughtsTokenCount: z.number().nullish(), toolUsePromptTokenCount: z.number().nullish() })
    .nullish(),
});
export type GeminiUsage = NonNullable<z.infer<typeof responseSchema>['usageMetadata']>;

const mapsChunkSchema = z.object({ maps: z.object({ uri: z.string().nullish(), title: z.string().trim().min(1), placeId: z.string().nullish() }) });
const webChunkSchema = z.object({ web: z.object({ uri: z.string().min(1), title: z.string().nullish() }) });

const errorSchema = z.object({
  error: z.object({
    code: z.number().nullish(),
    message: z.string().nullish(),
    status: z.string().nullish(),
    details: z.array(z.object({ '@type': z.string().nullish(), reason: z.string().nullish(), retryDelay: z.string().nullish() }).passthrough()).nullish(),
  }),
});

const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(raíz)'} ${i.message}`).join('; ');

/** A failed call as the engine's error: 429 and 5xx retryable (with Google's wait), the rest fatal, naming the setting to check. */
export function geminiError(status: number, body: unknown, headerRetryAfter: number | undefined): Error {
  const parsed = errorSchema.safeParse(body);
  const err = parsed.success ? parsed.data.error : undefined;
  const detail = `(${[status, err?.status, err?.message].filter(Boolean).join(' ')})`;
  if (status === 429 || err?.status === 'RESOURCE_EXHAUSTED') {
    // Google states its wait in a google.rpc.RetryInfo detail ("41s") more often than in a header.
    const delay = err?.details?.map((d) => d.retryDelay).find((d) => d && /^\d+(\.\d+)?s$/.test(d));
    return new AiEngineRetryableError(`${GEMINI} ha agotado la cuota de peticiones ${detail}.`, headerRetryAfter ?? (delay ? Math.ceil(Number(delay.slice(0, -1))) : undefined));
  }
  if (status >= 500) return new AiEngineRetryableError(`${GEMINI} no está disponible ahora mismo ${detail}.`, headerRetryAfter);
  const reasons = (err?.details ?? []).map((d) => d.reason);
  if (status === 401 || status === 403 || reasons.includes('API_KEY_INVALID')) return new AiEngineFatalError(`${GEMINI} no acepta la clave de API: revisa GEMINI_API_KEY ${detail}.`);
  if (status === 404) return new AiEngineFatalError(`${GEMINI} no conoce el modelo: revisa GEMINI_MODEL ${detail}.`);
  return new AiEngineFatalError(`${GEMINI} ha rechazado la pregunta ${detail}.`);
}

export interface GeminiAnswer {
  text: string;
  businesses: AiNamedBusiness[];
  sources: AiSource[];
  /** Whether the answer was grounded (Google bills a grounded prompt): it carries grounding metadata. */
  grounded: boolean;
  usage: GeminiUsage | null;
}

/** The customer id in a Google Maps link («https://maps.google.com/?cid=123»), when the link carries one. */
function cidOf(uri: string | null | undefined): string | null {
  try {
    const cid = uri ? new URL(uri).searchParams.get('cid') : null;
    return cid && /^\d+$/.test(cid) ? cid : null;
  } catch {
    return null;
  }
}

/**
 * Where the text first names a place, in UTF-8 bytes as grounding supports count
 * (`segment.startIndex`): the title as written, else its normalised form (an estimate); null when
 * the text does not name it.
 */
function firstMention(text: string, normalisedWords: string, title: string): number | null {
  const exact = text.toLowerCase().indexOf(title.toLowerCase());
  if (exact >= 0) return Buffer.byteLength(text.slice(0, exact));
  const name = normaliseBusinessName(title);
  const at = name ? normalisedWords.indexOf(` ${name} `) : -1;
  return at >= 0 ? at : null;
}

/**
 * The answer in a 200 response. Its businesses are the Google Maps grounding chunks the answer
 * names: those a grounding support ties to its text, or whose name the text contains, in the
 * order the text first names them. A response with no grounding supports says nothing of which
 * places the text uses: then every Maps chunk counts, in the order given. Chunks are the sources.
 * A refused question (a block reason, or no text with a stop reason that is not STOP) is fatal.
 */
export function readGeminiAnswer(body: unknown, onOddItem: OddItemHook): GeminiAnswer {
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) throw new AiEngineFatalError(`${GEMINI} ha devuelto una respuesta que no se puede leer (${issues(parsed.error)}).`);
  const { candidates, promptFeedback, usageMetadata } = parsed.data;
  const candidate = candidates?.[0];
  if (!candidate) throw new AiEngineFatalError(`${GEMINI} no ha respondido a la pregunta${promptFeedback?.blockReason ? ` (bloqueada: ${promptFeedback.blockReason})` : ''}.`);
  const text = (candidate.content?.parts ?? [])
    .filter((p) => !p.thought && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
  if (!text && candidate.finishReason && candidate.finishReason !== 'STOP') throw new AiEngineFatalError(`${GEMINI} no ha terminado la respuesta (${candidate.finishReason}).`);

  const meta = candidate.groundingMetadata;
  const chunks = meta?.groundingChunks ?? [];
  const firstSupport = new Map<number, number>();
  for (const s of meta?.groundingSupports ?? []) {
    for (const i of s.groundingChunkIndices ?? []) {
      const at = s.segment?.startIndex ?? 0;
      if (!firstSupport.has(i) || at < firstSupport.get(i)!) firstSupport.set(i, at);
    }
  }
  const hasSupports = (meta?.groundingSupports ?? []).length > 0;
  const words = ` ${normaliseBusinessName(text)} `;

  const sources: AiSource[] = [];
  const named: Array<{ b: Omit<AiNamedBusiness, 'position'>; order: number; index: number }> = [];
  const seen = new Set<string>();
  for (const [index, raw] of chunks.entries()) {
    const web = webChunkSchema.safeParse(raw);
    if (web.success) {
      const domain = hostOf(web.data.web.uri);
      if (domain) sources.push({ url: web.data.web.uri, title: web.data.web.title ?? null, domain });
      continue;
    }
    const chunk = mapsChunkSchema.safeParse(raw);
    if (!chunk.success) {
      onOddItem(raw, `fragmento ilegible: ${issues(chunk.error)}`);
      continue;
    }
    const { uri, title, placeId } = chunk.data.maps;
    const domain = hostOf(uri);
    if (uri && domain) sources.push({ url: uri, title, domain });
    // "places/{place_id}" is the Places API resource name; the id is what follows.
    const id = placeId ? placeId.replace(/^places\//, '') : null;
    const key = id ?? `name:${normaliseBusinessName(title)}`;
    if (seen.has(key)) continue;
    const inText = firstMention(text, words, title);
    const order = !hasSupports ? index : firstSupport.has(index) ? firstSupport.get(index)! : inText;
    if (order === null) continue;
    seen.add(key);
    named.push({ b: { name: title, placeId: id, cid: cidOf(uri), domain: null }, order, index });
  }
  named.sort((x, y) => x.order - y.order || x.index - y.index);
  return {
    text,
    businesses: named.map(({ b }, i) => ({ position: i + 1, ...b })),
    sources,
    grounded: !!meta,
    usage: usageMetadata ?? null,
  };
}
