import { renderAsync } from '@resvg/resvg-js';
import { type HeatMapImageInput, heatMapSvg } from './heat-map-svg';

// The heat map's SVG rendered to PNG by resvg. Its text is already glyph outlines drawn from the
// report's own DejaVu files (label-glyphs.ts), so resvg loads no font, system or other: a fresh
// machine draws the same image as this one. Rendered off the event loop (renderAsync runs on
// libuv's pool), so a 25×25 does not hold other requests.

export async function renderHeatMapPng(input: HeatMapImageInput): Promise<Buffer> {
  const image = await renderAsync(heatMapSvg(input), { font: { loadSystemFonts: false }, shapeRendering: 2 });
  return image.asPng();
}
