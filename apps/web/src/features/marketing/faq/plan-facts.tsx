import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  allowedGridSizes,
  annualSavings,
  annualTotal,
  CREDIT_PACKAGE,
  DEFAULT_RADIUS_M,
  maxMonthsFreeAnnual,
  plansByCategory,
  RADIUS_MAX_M,
  RADIUS_MIN_M,
  TRIAL_DAYS,
  type Plan,
} from '@rankmaps/shared/plans';
import { formatDecimal, formatEuro } from '@/lib/format';

// The FAQ's plan answers are generated from the catalogue (docs/decisions.md §1), never typed in:
// a price or a limit changes in packages/shared/src/plans.ts and the FAQ follows.

const basicPlans = plansByCategory('basic');
const proPlans = plansByCategory('professional');

function Paragraphs({ children }: { children: ReactNode }) {
  return <div className="space-y-3">{children}</div>;
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-brand-400">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function planFactAnswers(t: TFunction<'faq'>, language: string) {
  const euro = (n: number, digits = 0) => formatEuro(n, language, digits);
  const list = (items: string[]) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
  const km = (m: number) => formatDecimal(m / 1000, language);
  const credits = (count: number) => t('generated.creditsCount', { count });
  const prices = (plan: Plan) => ({
    name: plan.name,
    monthly: euro(plan.monthlyPrice),
    annual: euro(plan.annualPrice),
    grid: plan.limits.gridSize,
  });

  return {
    plans: {
      question: t('generated.plans.q'),
      answer: (
        <Paragraphs>
          <p>{t('generated.plans.intro', { days: TRIAL_DAYS })}</p>
          <p className="font-semibold text-slate-800">{t('generated.plans.basicTitle')}</p>
          <List
            items={basicPlans.map((plan) =>
              t('generated.plans.basicLine', {
                ...prices(plan),
                places: t('generated.placesCount', { count: plan.limits.places }),
                keywords: t('generated.keywordsCount', { count: plan.limits.keywords }),
                weekly: t('generated.weeklyCount', { count: plan.limits.weeklyScans }),
                manual: t('generated.manualCount', { count: plan.limits.manualScans }),
              }),
            )}
          />
          <p className="font-semibold text-slate-800">{t('generated.plans.proTitle')}</p>
          <List items={proPlans.map((plan) => t('generated.plans.proLine', { ...prices(plan), credits: credits(plan.credits) }))} />
        </Paragraphs>
      ),
    },
    places: {
      question: t('generated.places.q'),
      answer: (
        <Paragraphs>
          <p>
            {basicPlans
              .map((plan) =>
                t('generated.places.line', { name: plan.name, places: t('generated.placesCount', { count: plan.limits.places }) }),
              )
              .join(' ')}
          </p>
          <p>{t('generated.places.unlimited', { names: list(proPlans.map((p) => p.name)) })}</p>
        </Paragraphs>
      ),
    },
    trial: {
      question: t('generated.trial.q'),
      answer: <p>{t('generated.trial.a', { days: TRIAL_DAYS })}</p>,
    },
    annual: {
      question: t('generated.annual.q'),
      answer: (
        <Paragraphs>
          <p>{t('generated.annual.intro', { months: maxMonthsFreeAnnual() })}</p>
          <List
            items={[...basicPlans, ...proPlans].map((plan) =>
              t('generated.annual.line', {
                name: plan.name,
                annual: euro(plan.annualPrice),
                total: euro(annualTotal(plan)),
                savings: euro(annualSavings(plan)),
              }),
            )}
          />
        </Paragraphs>
      ),
    },
    credits: {
      question: t('generated.credits.q'),
      answer: (
        <Paragraphs>
          <p>
            {t('generated.credits.included', {
              list: list(proPlans.map((plan) => t('generated.creditsOfPlan', { name: plan.name, credits: credits(plan.credits) }))),
            })}
          </p>
          <p>{t('generated.credits.cost')}</p>
          <p>
            {t('generated.credits.package', {
              credits: CREDIT_PACKAGE.credits,
              price: euro(CREDIT_PACKAGE.price),
              perCredit: euro(CREDIT_PACKAGE.price / CREDIT_PACKAGE.credits, 2),
              months: CREDIT_PACKAGE.validityMonths,
            })}
          </p>
          <p>{t('generated.credits.order')}</p>
          <p>{t('generated.credits.basic')}</p>
        </Paragraphs>
      ),
    },
    grid: {
      question: t('generated.grid.q'),
      answer: (
        <Paragraphs>
          <p>{t('generated.grid.intro')}</p>
          <List
            items={[...basicPlans, ...proPlans].map((plan) =>
              t('generated.grid.line', { name: plan.name, sizes: list(allowedGridSizes(plan).map((s) => `${s}×${s}`)) }),
            )}
          />
          <p>{t('generated.grid.radius', { basicRadius: km(DEFAULT_RADIUS_M), min: km(RADIUS_MIN_M), max: km(RADIUS_MAX_M) })}</p>
        </Paragraphs>
      ),
    },
  };
}

export type PlanFactId = keyof ReturnType<typeof planFactAnswers>;
