import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@rankmaps/shared/constants';
import { passwordRules } from '@rankmaps/shared/schemas/auth';

/** The four docs/product.md §5 password rules, each ticked live as the typed password meets it. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <p className="mb-2 font-medium text-slate-700">{t('passwordRules.title')}</p>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={`flex items-center gap-2 ${met ? 'text-emerald-700' : 'text-slate-500'}`}>
              <span
                aria-hidden="true"
                className={`flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${
                  met ? 'bg-emerald-600 text-white' : 'ring-1 ring-slate-300'
                }`}
              >
                {met ? '✓' : ''}
              </span>
              <span>
                {t(`passwordRules.${rule.id}`, { min: PASSWORD_MIN_LENGTH })}
                <span className="sr-only"> ({t(met ? 'passwordRules.met' : 'passwordRules.unmet')})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
