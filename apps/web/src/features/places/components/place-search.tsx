import type { PlaceSuggestion } from '@rankmaps/shared/schemas/places';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePlaceSuggestions } from '../api/search-places';

interface PlaceSearchProps {
  sessionToken: string;
  selected: PlaceSuggestion | null;
  onSelect: (s: PlaceSuggestion) => void;
  error: string | null;
}

/**
 * Buscar Negocio: a combobox over the places autocomplete (WAI-ARIA combobox with a listbox).
 * Arrows move through the suggestions, Enter picks one, Escape closes the list.
 */
export function PlaceSearch({ sessionToken, selected, onSelect, error }: PlaceSearchProps) {
  const { t } = useTranslation('places');
  const [text, setText] = useState(selected ? selected.name : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, 300);
  const suggestions = usePlaceSuggestions(debounced, sessionToken);
  const items = suggestions.data ?? [];
  const listId = useId();
  const inputId = useId();
  const errorId = useId();
  const showList = open && debounced.trim().length >= 2;
  // Closing on blur waits a moment (so a click on an option lands); a new focus cancels it.
  const blurTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);
  const openList = () => {
    window.clearTimeout(blurTimer.current);
    setOpen(true);
  };

  const pick = (s: PlaceSuggestion) => {
    onSelect(s);
    setText(s.name);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {t('wizard.searchLabel')}
      </label>
      <div className="relative mt-1">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          autoFocus
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={t('wizard.searchPlaceholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            openList();
            setActive(-1);
          }}
          onFocus={openList}
          onBlur={() => {
            blurTimer.current = window.setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              openList();
              setActive((a) => Math.min(a + 1, items.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && showList && active >= 0 && items[active]) {
              e.preventDefault();
              pick(items[active]);
            } else if (e.key === 'Escape') setOpen(false);
          }}
          className="block w-full rounded-lg border-0 bg-white py-2.5 pr-10 pl-3 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600"
        />
        {suggestions.isFetching && (
          <span className="absolute inset-y-0 right-3 flex items-center text-brand-700">
            <Spinner className="h-4 w-4" />
          </span>
        )}
      </div>
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('wizard.suggestions')}
          className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {suggestions.isError ? (
            <li role="presentation" className="px-3 py-2 text-sm text-red-700">
              {suggestions.error.message}
            </li>
          ) : items.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-500">
              {suggestions.isFetching ? t('wizard.searching') : t('wizard.noResults')}
            </li>
          ) : (
            items.map((s, i) => (
              <li
                key={s.placeId}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(s)}
                onMouseEnter={() => setActive(i)}
                className={`cursor-pointer rounded-md px-3 py-2 ${i === active ? 'bg-brand-50' : ''}`}
              >
                <span className="block text-sm font-medium text-slate-900">{s.name}</span>
                <span className="block text-xs text-slate-500">{s.address}</span>
              </li>
            ))
          )}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
