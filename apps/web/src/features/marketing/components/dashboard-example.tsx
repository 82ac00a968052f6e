import { useTranslation } from 'react-i18next';
import { asStringList } from './string-list';
import { HeatmapIllustration } from './heatmap-illustration';
import { exampleRanks, gridMetrics, RANK_BANDS } from './rank-scale';
import { formatDecimal } from '@/lib/format';

const metrics = gridMetrics(exampleRanks(7));
const FONT = 'ui-sans-serif, system-ui, sans-serif';

/** The example image of /como-funciona: an illustrative analysis screen, drawn in SVG. */
export function DashboardExample() {
  const { t, i18n } = useTranslation(['marketing', 'landing']);
  const names = asStringList(t('howItWorks.exampleCompetitorNames', { returnObjects: true }));
  const rows = [
    { name: names[1], score: metrics.geoRank + 7, you: false },
    { name: names[0], score: metrics.geoRank, you: true },
    { name: names[2], score: metrics.geoRank - 12, you: false },
    { name: names[3], score: metrics.geoRank - 23, you: false },
  ];
  const tiles = [
    { label: t('landing:example.geoRank'), value: formatDecimal(metrics.geoRank, i18n.language) },
    { label: t('landing:example.avgPosition'), value: metrics.avgPosition === null ? '–' : formatDecimal(metrics.avgPosition, i18n.language) },
    { label: t('landing:example.localPack'), value: `${formatDecimal(metrics.localPack, i18n.language)} %` },
  ];
  return (
    <svg viewBox="0 0 960 560" role="img" aria-label={t('howItWorks.exampleLabel')} className="block h-auto w-full" fontFamily={FONT}>
      <rect x="0.5" y="0.5" width="959" height="559" rx="18" fill="#fff" stroke="#e2e8f0" />
      <path d="M18.5 0.5h923a18 18 0 0 1 18 18V40H.5V18.5a18 18 0 0 1 18-18Z" fill="#f8fafc" stroke="#e2e8f0" />
      {['#f87171', '#fbbf24', '#34d399'].map((fill, i) => (
        <circle key={fill} cx={24 + i * 18} cy="20" r="5.5" fill={fill} />
      ))}
      <rect x="330" y="11" width="300" height="18" rx="9" fill="#e2e8f0" />
      <rect x="0.5" y="40" width="64" height="519" fill="#fff" stroke="#e2e8f0" />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect key={i} x="18" y={64 + i * 44} width="28" height="28" rx="8" fill={i === 1 ? '#2563eb' : '#e2e8f0'} />
      ))}
      <text x="92" y="76" fontSize="19" fontWeight="700" fill="#0f172a">
        {t('landing:example.business')}
      </text>
      <rect x="92" y="88" width={t('landing:example.keyword').length * 8 + 34} height="22" rx="11" fill="#eff6ff" />
      <text x="106" y="103" fontSize="12" fontWeight="600" fill="#1d4ed8">
        «{t('landing:example.keyword')}»
      </text>
      <rect x="91" y="123" width="412" height="412" rx="14" fill="#f1f5f9" />
      <HeatmapIllustration label="" embedded={{ x: 92, y: 124, size: 410 }} />
      {tiles.map((tile, i) => (
        <g key={tile.label} transform={`translate(${536 + i * 136} 123)`}>
          <rect width="124" height="84" rx="12" fill="#f8fafc" stroke="#e2e8f0" />
          <text x="14" y="28" fontSize="12" fill="#64748b">
            {tile.label}
          </text>
          <text x="14" y="64" fontSize="28" fontWeight="700" fill="#0f172a">
            {tile.value}
          </text>
        </g>
      ))}
      <text x="536" y="248" fontSize="15" fontWeight="700" fill="#0f172a">
        {t('howItWorks.exampleCompetitors')}
      </text>
      {rows.map((row, i) => (
        <g key={row.name ?? i} transform={`translate(536 ${266 + i * 50})`}>
          <rect width="396" height="40" rx="10" fill={row.you ? '#eff6ff' : '#fff'} stroke={row.you ? '#bfdbfe' : '#e2e8f0'} />
          <circle cx="22" cy="20" r="11" fill={row.you ? '#2563eb' : '#e2e8f0'} />
          <text x="22" y="20" dy="0.35em" textAnchor="middle" fontSize="11" fontWeight="700" fill={row.you ? '#fff' : '#334155'}>
            {i + 1}
          </text>
          <text x="44" y="25" fontSize="13" fontWeight={row.you ? 700 : 500} fill="#0f172a">
            {row.name}
            {row.you ? ` · ${t('howItWorks.exampleYou')}` : ''}
          </text>
          <rect x="262" y="15" width="90" height="10" rx="5" fill="#e2e8f0" />
          <rect x="262" y="15" width={(90 * row.score) / 100} height="10" rx="5" fill={row.you ? '#2563eb' : '#94a3b8'} />
          <text x="384" y="25" textAnchor="end" fontSize="12" fontWeight="700" fill="#334155">
            {row.score}
          </text>
        </g>
      ))}
      <text x="536" y="488" fontSize="12" fill="#64748b">
        {t('landing:example.legend')}
      </text>
      {RANK_BANDS.map((band, i) => (
        <g key={band.label} transform={`translate(${536 + i * 66} 508)`}>
          <circle cx="6" cy="6" r="6" fill={band.fill} />
          <text x="17" y="10" fontSize="12" fill="#475569">
            {band.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
