import { describe, expect, it } from 'vitest';
import { COMPETITORS_TOP, POSITION_BAND_COLORS, POSITION_BAND_TEXT_COLORS, labelReadable } from '@rankmaps/shared/metrics';
import {
  FAILED_MARKER,
  MARKER_BORDER_PX,
  MARKER_LABEL_MIN_FONT_PX,
  MARKER_LABEL_MIN_PX,
  MARKER_WIDE_LABEL_MIN_FONT_PX,
  WIDE_LABEL_EM,
  bandRangeLabel,
  isWideLabel,
  markerLabelSize,
  competitorMarkers,
  markerSizeFor,
  neighbourPair,
  ourPosition,
  rankingLegend,
  resultMarker,
  resultMarkers,
  validPointCount,
} from './map-markers';
import { competitor, point } from './results-fixtures';

describe('resultMarker', () => {
  it('writes the position in its band colour, rows and columns 1-based', () => {
    const m = resultMarker(point({ row: 2, col: 4, businessAnalysis: { found: true, position: 4 } }), 7, null)!;
    expect(m).toMatchObject({ index: 7, row: 3, col: 5, label: '4', position: 4, tone: 'top5', failed: false });
    expect(m.fill).toBe(POSITION_BAND_COLORS.top5);
    expect(m.text).toBe(POSITION_BAND_TEXT_COLORS.top5);
  });

  it.each([
    [1, 'top3'],
    [3, 'top3'],
    [5, 'top5'],
    [6, 'top10'],
    [10, 'top10'],
    [11, 'top15'],
    [15, 'top15'],
    [16, 'top20'],
    [20, 'top20'],
  ])('position %i is band %s', (position, tone) => {
    expect(resultMarker(point({ businessAnalysis: { found: true, position } }), 0, null)!.tone).toBe(tone);
  });

  it("shows '+20' when not found, and when the stored position is not a found one", () => {
    for (const businessAnalysis of [
      { found: false, position: null },
      { found: true, position: null },
      { found: true, position: 21 },
      { found: false, position: 3 },
    ]) {
      const m = resultMarker(point({ businessAnalysis }), 0, null)!;
      expect(m).toMatchObject({ label: '+20', tone: 'notFound', position: null });
      expect(m.fill).toBe(POSITION_BAND_COLORS.notFound);
    }
  });

  it('draws a failed point as failed, never as not found', () => {
    const m = resultMarker(point({ status: 'failed', businessAnalysis: { found: false, position: null } }), 0, null)!;
    expect(m).toMatchObject({ label: '×', tone: 'failed', failed: true, position: null });
    expect(m.fill).toBe(FAILED_MARKER.fill);
    expect(m.fill).not.toBe(POSITION_BAND_COLORS.notFound);
  });

  it('skips points without usable coordinates and keeps longitudes next to the centre', () => {
    expect(resultMarker(point({ coordinates: { lat: Number.NaN, lng: 0 } }), 0, null)).toBeNull();
    expect(resultMarker(point({ coordinates: { lat: 0, lng: -179.9 } }), 0, 179.95)!.lng).toBeCloseTo(180.1);
    const all = resultMarkers([point(), point({ coordinates: { lat: Number.NaN, lng: 0 } }), point()], null);
    expect(all.map((m) => m.index)).toEqual([0, 2]);
  });
});

describe('ourPosition and validPointCount', () => {
  it('counts only completed points (N of the metrics)', () => {
    expect(validPointCount([point(), point({ status: 'failed' }), point()])).toBe(2);
  });
  it('gives no position at a failed point', () => {
    expect(ourPosition(point({ status: 'failed', businessAnalysis: { found: true, position: 2 } }))).toBeNull();
  });
});

describe('legend', () => {
  it('lists the bands best first, then +20, then failed', () => {
    expect(rankingLegend().map((e) => e.range)).toEqual(['1–3', '4–5', '6–10', '11–15', '16–20', '+20', null]);
    expect(rankingLegend().at(-1)!.tone).toBe('failed');
    expect(bandRangeLabel('notFound')).toBe('+20');
  });

  it('gives each band its own label colour, readable on its fill, as the markers do', () => {
    for (const entry of rankingLegend()) {
      expect(labelReadable(entry.fill, entry.text), entry.tone).toBe(true);
      if (entry.tone !== 'failed') expect(entry.text).toBe(POSITION_BAND_TEXT_COLORS[entry.tone]);
    }
  });
});

describe('marker sizing', () => {
  it('finds horizontal neighbours first, vertical ones otherwise', () => {
    const markers = resultMarkers(
      [point({ row: 0, col: 0 }), point({ row: 1, col: 0 }), point({ row: 1, col: 1 })].map((p, i) => ({
        ...p,
        coordinates: { lat: 40 + i, lng: -3 },
      })),
      null,
    );
    const pair = neighbourPair(markers)!;
    expect([pair[0].row, pair[0].col, pair[1].row, pair[1].col]).toEqual([2, 1, 2, 2]);
    expect(neighbourPair(markers.slice(0, 2))!.map((m) => m.index)).toEqual([0, 1]);
    expect(neighbourPair(markers.slice(0, 1))).toBeNull();
  });

  it('keeps markers between 10 and 32 px and drops the labels when they no longer fit', () => {
    expect(markerSizeFor(null)).toEqual({ size: 32, compact: false, fontPx: 13, wideFontPx: 12 });
    expect(markerSizeFor(100)).toEqual({ size: 32, compact: false, fontPx: 13, wideFontPx: 12 });
    expect(markerSizeFor(31)).toEqual({ size: 29, compact: false, fontPx: 12, wideFontPx: 10 });
    expect(markerSizeFor(29.3)).toEqual({ size: 27, compact: false, fontPx: 11, wideFontPx: 10 });
    expect(markerSizeFor(28)).toMatchObject({ size: 26, compact: true });
    expect(markerSizeFor(15)).toMatchObject({ size: 14, compact: true });
    expect(markerSizeFor(2)).toMatchObject({ size: 10, compact: true });
    expect(MARKER_LABEL_MIN_PX).toBe(27);
  });

  it('never writes a number below 11 px nor «+20» below 10 px: smaller markers show no label at all', () => {
    for (let spacing = 1; spacing <= 80; spacing += 0.25) {
      const m = markerSizeFor(spacing);
      expect(m.fontPx).toBeGreaterThanOrEqual(MARKER_LABEL_MIN_FONT_PX);
      expect(m.wideFontPx).toBeLessThanOrEqual(m.fontPx);
      if (!m.compact) expect(m.wideFontPx).toBeGreaterThanOrEqual(MARKER_WIDE_LABEL_MIN_FONT_PX);
      expect(m.compact).toBe(m.size < MARKER_LABEL_MIN_PX);
    }
  });

  it('keeps «+20» inside its marker, within the ring, in the widest fallback font, and markers apart from their neighbours', () => {
    for (let spacing = 12; spacing <= 80; spacing += 0.25) {
      const m = markerSizeFor(spacing);
      if (!m.compact) expect(m.wideFontPx * WIDE_LABEL_EM, `spacing ${spacing}`).toBeLessThanOrEqual(m.size - 2 * MARKER_BORDER_PX - 1);
      expect(m.size, `spacing ${spacing}`).toBeLessThan(spacing);
    }
  });

  it('writes three-character labels at the wide size', () => {
    expect(['+20', '↓12', '7', '20', '↑3'].map(isWideLabel)).toEqual([true, true, false, false, false]);
    expect(markerLabelSize('+20')).toContain('--rm-label-wide');
    expect(markerLabelSize('20')).toContain('--rm-label)');
  });
});

describe('competitorMarkers', () => {
  const list = Array.from({ length: 20 }, (_, i) => competitor({ placeId: `c${i}`, location: { latitude: 40 + i / 100, longitude: -3 } }));

  it('places the top 15, numbered by their table rank', () => {
    const { markers, unplaced } = competitorMarkers(list, null);
    expect(markers).toHaveLength(COMPETITORS_TOP);
    expect(markers.map((m) => m.rank)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(unplaced).toBe(0);
  });

  it('counts the top businesses without a location instead of replacing them', () => {
    const withGap = list.map((c, i) => (i === 2 ? { ...c, location: null } : c));
    const { markers, unplaced } = competitorMarkers(withGap, null);
    expect(markers.map((m) => m.rank)).not.toContain(3);
    expect(markers.at(-1)!.rank).toBe(15);
    expect(unplaced).toBe(1);
  });

  it('adds our business when it ranks below the top 15', () => {
    const ours = list.map((c, i) => (i === 18 ? { ...c, isOurBusiness: true } : c));
    const { markers } = competitorMarkers(ours, null);
    expect(markers).toHaveLength(16);
    expect(markers.at(-1)).toMatchObject({ rank: 19, competitor: { isOurBusiness: true } });
  });
});
