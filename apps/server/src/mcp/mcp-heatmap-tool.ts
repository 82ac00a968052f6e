import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Container } from '../container';
import { heatMapImage } from '../modules/reports/heat-map-png/heat-map-image.service';
import { headlineFigures } from '../modules/reports/heat-map-png/heat-map-svg';
import { idField } from './mcp-inputs';
import { type McpCaller, runTool, toolDescription } from './mcp-result';

// get_heatmap (issue 32): an analysis's heat map as an image an assistant can show, with its
// figures as text, from the same renderer as GET /api/v1/analyses/{id}/heatmap.png.

const figuresSchema = {
  analysisId: z.string(),
  keyword: z.string(),
  place: z.string(),
  date: z.string(),
  gridSize: z.number().int(),
  /** The headline figures as the image writes them. */
  summary: z.string(),
  dataLabel: z.enum(['demo', 'approximation']).nullable(),
  metrics: z.array(z.object({ key: z.string(), current: z.number().nullable(), reference: z.number().nullable(), delta: z.number().nullable() })),
  imageBytes: z.number().int(),
};

export function registerHeatMapTool(server: McpServer, container: Container, caller: McpCaller): void {
  server.registerTool(
    'get_heatmap',
    {
      title: 'Mapa de calor / Heat map',
      description: toolDescription(
        'get_heatmap',
        'El mapa de calor de un análisis completado como imagen PNG (la posición del negocio en cada punto de la cuadrícula, con la escala de colores de RankMaps, el centro marcado y la leyenda), y sus cifras principales como texto.',
        'A completed analysis’s heat map as a PNG image (the business’s position at every grid point, in RankMaps’ colour scale, with the centre marked and a legend), and its headline figures as text.',
      ),
      inputSchema: { analysisId: idField('analysisId').describe('Id del análisis / analysis id') },
      outputSchema: figuresSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ analysisId }) =>
      runTool(container.log, caller, 'get_heatmap', async () => {
        const image = await heatMapImage(container, caller.userId, analysisId);
        const { section, placeName } = image;
        const structured = {
          analysisId: image.analysisId,
          keyword: section.keyword,
          place: placeName,
          date: section.date,
          gridSize: section.grid.gridSize,
          summary: headlineFigures(section),
          dataLabel: section.dataLabel,
          metrics: section.metrics.map(({ key, current, reference, delta }) => ({ key, current, reference, delta })),
          imageBytes: image.png.length,
        };
        const label = section.dataLabel === 'demo' ? ' Datos de demostración (simulados).' : section.dataLabel === 'approximation' ? ' Aproximación con Google Places.' : '';
        const text = `Mapa de «${section.keyword}» de ${placeName}, cuadrícula ${section.grid.gridSize}×${section.grid.gridSize}: ${structured.summary}.${label}`;
        return {
          // The text first, as every tool answers; then the image.
          content: [
            { type: 'text', text: `${text}\n\n${JSON.stringify(structured, null, 2)}` },
            { type: 'image', data: image.png.toString('base64'), mimeType: 'image/png' },
          ],
          structuredContent: structured,
        };
      }),
  );
}
