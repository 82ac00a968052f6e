import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Container } from '../container';
import { apiV1Repository } from '../modules/api-v1/api-v1.repository';
import type { McpCaller } from './mcp-result';

// The prompts of the MCP server, in Spanish (issue 32, docs/mcp.md «Prompts»): each takes one
// business of the workspace, whose name the client completes (completion/complete) from the
// businesses the caller sees, and asks the assistant to work through the tools.

/** How many businesses a completion offers (the MCP specification caps a page at 100). */
const SUGGESTIONS = 20;
const PLACES_READ = 1000;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface PromptDef {
  name: string;
  title: string;
  description: string;
  text: (place: { id: string; name: string; address: string }) => string;
}

export const PROMPTS: readonly PromptDef[] = [
  {
    name: 'resumen_semanal_cliente',
    title: 'Resumen semanal para un cliente',
    description:
      'Un resumen de la semana de un negocio, para enviárselo al cliente: cómo ha ido cada keyword, qué ha mejorado o empeorado y qué hacer.',
    text: (p) =>
      `Prepara un resumen semanal, en español y para el cliente (sin jerga), del negocio «${p.name}» (${p.address}; placeId ${p.id}) en RankMaps.\n` +
      `1. Con list_keywords { placeId: "${p.id}" } obtén sus keywords y con get_latest_analysis el último análisis de cada una.\n` +
      '2. Con get_portfolio compara cada keyword con su análisis anterior (GeoRank, posición media, % en el local pack).\n' +
      '3. Con get_heatmap muestra el mapa de la keyword más importante.\n' +
      '4. Termina con tres acciones concretas para la semana que viene. Si los datos son de demostración, dilo.',
  },
  {
    name: 'diagnostico_negocio',
    title: 'Diagnóstico de un negocio',
    description: 'Un diagnóstico de la visibilidad local de un negocio: dónde aparece, dónde no y por qué puede ser.',
    text: (p) =>
      `Haz un diagnóstico de la visibilidad local en Google Maps del negocio «${p.name}» (${p.address}; placeId ${p.id}).\n` +
      `1. get_place { placeId: "${p.id}" } y list_keywords para saber qué se mide.\n` +
      '2. Para cada keyword, get_latest_analysis y get_analysis_points: en qué zonas de la cuadrícula está en el local pack (posiciones 1–3), dónde cae y dónde no aparece.\n' +
      '3. Relaciona el patrón con la distancia al centro, la valoración y el número de reseñas.\n' +
      '4. Da un diagnóstico breve y una lista priorizada de mejoras. No lances análisis nuevos sin preguntarme (gastan créditos).',
  },
  {
    name: 'competidor_ganando',
    title: '¿Qué competidor me está ganando y dónde?',
    description: 'Qué competidores superan a un negocio en sus keywords y en qué zonas de la cuadrícula.',
    text: (p) =>
      `¿Qué competidor le está ganando al negocio «${p.name}» (${p.address}; placeId ${p.id}) y dónde?\n` +
      `1. list_keywords { placeId: "${p.id}" } y, para cada keyword, get_latest_analysis.\n` +
      '2. Si una keyword tiene dos análisis completados, compare_analyses muestra los competidores que más ganan y pierden.\n' +
      '3. Con get_analysis_points localiza los puntos donde el negocio no está en el local pack.\n' +
      '4. Responde con una tabla: competidor, keywords, zonas (norte, sur, centro…) donde gana, y una recomendación.',
  },
];

export function registerPrompts(server: McpServer, container: Container, caller: McpCaller): void {
  const db = container.database.db;
  const visiblePlaces = async () => apiV1Repository.places(db, caller.userId, null, PLACES_READ, caller.scope);

  const negocio = () =>
    completable(
      z.string('negocio debe ser un texto.').max(200, 'negocio no es válido.').describe('El nombre (o el id) de un negocio de la cuenta'),
      async (value) => {
        const typed = fold(value ?? '');
        return (await visiblePlaces())
          .map((p) => p.name)
          .filter((name, i, all) => fold(name).includes(typed) && all.indexOf(name) === i)
          .slice(0, SUGGESTIONS);
      },
    );

  for (const prompt of PROMPTS) {
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: { negocio: negocio() } },
      async ({ negocio: wanted }) => {
        const all = await visiblePlaces();
        const place =
          all.find((p) => p.id === wanted) ??
          all.find((p) => fold(p.name) === fold(wanted)) ??
          all.find((p) => fold(p.name).includes(fold(wanted)));
        if (!place)
          throw new McpError(-32602, 'Negocio no encontrado: elige uno de la lista (list_places).', { code: 'PLACE_NOT_FOUND', es: true });
        return { description: prompt.title, messages: [{ role: 'user', content: { type: 'text', text: prompt.text(place) } }] };
      },
    );
  }
}
