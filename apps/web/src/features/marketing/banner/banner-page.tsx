import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CameraIcon } from 'lucide-react';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { HeatmapIllustration } from '../components/heatmap-illustration';

/** /banner-preview: a 1200×630 brand banner to screenshot, with no site chrome around it. */
export function BannerPage({ logo, brand }: { logo: ReactNode; brand: string }) {
  const { t } = useTranslation(['marketing', 'landing']);
  usePageMeta(t('banner.metaTitle'));
  const [first, ...rest] = brand.split(/(?=[A-Z])/);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-200 p-4 sm:p-8">
      <h1 className="sr-only">{t('banner.metaTitle')}</h1>
      <div
        data-testid="banner"
        className="relative isolate aspect-[1200/630] w-full max-w-[1200px] overflow-hidden rounded-2xl bg-linear-to-br from-brand-800 via-brand-700 to-cyan-700 shadow-2xl"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 opacity-25"
          style={{
            backgroundImage: 'radial-gradient(circle at 1px 1px, rgb(255 255 255 / 0.5) 1px, transparent 0)',
            backgroundSize: '28px 28px',
          }}
        />
        <div aria-hidden="true" className="absolute -top-1/3 -left-1/4 -z-10 h-[80%] w-[60%] rounded-full bg-cyan-300/25 blur-3xl" />
        <div className="grid h-full grid-cols-[1.25fr_1fr] items-center gap-[4%] px-[6%]">
          <div className="text-white">
            <div className="flex items-center gap-[0.35em] text-[clamp(1.5rem,6vw,4.5rem)] leading-none font-extrabold tracking-tight">
              <span className="inline-flex h-[1.1em] w-[1.1em] [&>svg]:h-full [&>svg]:w-full">{logo}</span>
              <span>
                {first}
                <span className="text-cyan-200">{rest.join('')}</span>
              </span>
            </div>
            <p className="mt-[0.6em] text-[clamp(0.9rem,2.6vw,2rem)] leading-tight font-semibold text-balance">{t('banner.tagline')}</p>
            <p className="mt-[0.8em] text-[clamp(0.6rem,1.5vw,1.15rem)] font-medium text-brand-100">{t('banner.claim')}</p>
          </div>
          <div className="overflow-hidden rounded-[8%] bg-white p-[3%] shadow-2xl ring-4 ring-white/20">
            <div className="overflow-hidden rounded-[6%]">
              <HeatmapIllustration label={t('landing:example.heatmapLabel')} />
            </div>
          </div>
        </div>
      </div>
      <div className="flex max-w-[1200px] flex-col items-center gap-2 text-center text-sm text-slate-600">
        <p className="inline-flex items-center gap-2 font-medium text-slate-800">
          <CameraIcon className="h-5 w-5 shrink-0 text-brand-700" />
          {t('banner.hint')}
        </p>
        <p>{t('banner.hintShortcut')}</p>
        <Link to={paths.root.getHref()} className="mt-2 font-semibold text-brand-700 hover:text-brand-800">
          {t('banner.back')}
        </Link>
      </div>
    </main>
  );
}
