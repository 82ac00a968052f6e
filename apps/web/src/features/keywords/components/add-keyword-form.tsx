import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { keywordNameError } from '../utils/keyword-name-error';

/** One text box and a button; the name is trimmed, required and at most 100 characters, never cut (docs/product.md §5). onAdd resolves with an error to show, or null. */
export function AddKeywordForm({ onAdd, saving }: { onAdd: (name: string) => Promise<string | null>; saving: boolean }) {
  const { t } = useTranslation('keywords');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  return (
    <form
      noValidate
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      onSubmit={async (e) => {
        e.preventDefault();
        // Refused, not cut: a cut keyword would search for something the user never wrote.
        const invalid = keywordNameError(name);
        if (invalid) {
          setError(t(invalid));
          return;
        }
        const problem = await onAdd(name);
        setError(problem);
        if (!problem) setName('');
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {t('add.label')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('add.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="block w-full flex-1 rounded-lg border-0 bg-white px-3 py-2.5 text-sm ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600"
        />
        <Button type="submit" loading={saving}>
          {t('add.submit')}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
