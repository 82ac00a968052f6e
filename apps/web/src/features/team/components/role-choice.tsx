import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../api/types';

/** The three roles an invitation or a change can give, each with one line on what it allows. */
export function RoleChoice({
  value,
  onChange,
  error,
}: {
  value: AssignableRole | '';
  onChange: (role: AssignableRole) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('team');
  const { t: tc } = useTranslation();
  const name = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t('fields.role')}</legend>
      {ASSIGNABLE_ROLES.map((role) => {
        const id = `${name}-${role}`;
        return (
          <div
            key={role}
            className={`flex gap-3 rounded-xl p-3 ring-1 ${value === role ? 'bg-brand-50 ring-brand-300' : 'ring-slate-200'}`}
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-describedby={`${id}-hint`}
              className="mt-1 h-4 w-4 accent-brand-700"
            />
            <div className="min-w-0 text-sm">
              <label htmlFor={id} className="block font-medium text-slate-900">
                {tc(`roles.${role}`)}
              </label>
              <p id={`${id}-hint`} className="text-slate-600">
                {t(`roleHints.${role}`)}
              </p>
            </div>
          </div>
        );
      })}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
