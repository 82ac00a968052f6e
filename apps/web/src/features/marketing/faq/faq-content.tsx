import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { claims } from '../claims';
import { asStringList } from '../components/string-list';
import { planFactAnswers, type PlanFactId } from './plan-facts';
import { paths } from '@/lib/paths';
import { liveSupportPlansText } from '../live-support-text';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  id: 'about' | 'features' | 'pricing' | 'support';
  title: string;
  items: FaqItem[];
}

type ItemRef = { generated: PlanFactId } | string;

// The order of the FAQ. Plain strings are static texts of the catalogue; `generated` ones
// are built from the plan catalogue.
const LAYOUT: { id: FaqSection['id']; items: ItemRef[] }[] = [
  { id: 'about', items: ['whatIs', 'forWhom', 'whyGrid', 'countries', 'serviceArea'] },
  { id: 'features', items: ['whatIsRankmap', 'metrics', 'frequency', { generated: 'grid' }, 'competitors', 'ads'] },
  {
    id: 'pricing',
    items: [
      { generated: 'plans' },
      { generated: 'places' },
      { generated: 'trial' },
      { generated: 'annual' },
      { generated: 'credits' },
      'commitment',
      'payment',
    ],
  },
  { id: 'support', items: ['install', 'gbp', 'dataSource', 'supportChannels', 'security'] },
];

/** The FAQ sections, in the reader's language. */
export function useFaqSections(): FaqSection[] {
  const { t, i18n } = useTranslation('faq');
  const generated = planFactAnswers(t, i18n.language);
  const livePlans = liveSupportPlansText(t, i18n.language);
  return LAYOUT.map((section) => ({
    id: section.id,
    title: t(`sections.${section.id}`),
    items: section.items.map((ref): FaqItem => {
      if (typeof ref !== 'string') return { id: ref.generated, ...generated[ref.generated] };
      const paragraphs = asStringList(t(`items.${ref}.a`, { returnObjects: true, count: claims.competitors, livePlans }));
      return {
        id: ref,
        question: t(`items.${ref}.q`),
        answer: (
          <div className="space-y-3">
            {paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {ref === 'security' && (
              <p>
                <Link to={paths.legal.getHref('privacy')} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  {t('securityLink')}
                </Link>
              </p>
            )}
          </div>
        ),
      };
    }),
  }));
}
