import { defaultLanguageFor } from '@rankmaps/shared/markets/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalActions } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { countryName, countryOptions, languageName, languageOptions } from '../utils/market-names';

interface MarketModalProps {
  countryCode: string;
  searchLanguage: string;
  saving: boolean;
  error: string | null;
  onSave: (countryCode: string, searchLanguage: string) => void;
  onClose: () => void;
}

/**
 * Cambiar mercado: the country and language the place's searches are made in. Picking a
 * country proposes its main language; the user may then pick another one.
 */
export function MarketModal({ countryCode, searchLanguage, saving, error, onSave, onClose }: MarketModalProps) {
  const { t, i18n } = useTranslation('places');
  const locale = i18n.language;
  const [country, setCountry] = useState(countryCode);
  const [language, setLanguage] = useState(searchLanguage);
  const main = defaultLanguageFor(country);
  return (
    <Modal
      title={t('market.modalTitle')}
      description={t('market.explain')}
      closeLabel={t('close')}
      onClose={onClose}
      footer={<ModalActions cancel={t('market.cancel')} onCancel={onClose} submit={{ label: t('market.save'), loading: saving, onClick: () => onSave(country, language) }} />}
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(country, language);
        }}
      >
        <SelectField
          label={t('market.country')}
          name="countryCode"
          value={country}
          options={countryOptions(locale)}
          onChange={(e) => {
            setCountry(e.target.value);
            setLanguage(defaultLanguageFor(e.target.value));
          }}
        />
        <SelectField
          label={t('market.language')}
          name="searchLanguage"
          value={language}
          options={languageOptions(locale)}
          hint={t('market.mainLanguage', { country: countryName(country, locale), language: languageName(main, locale) })}
          onChange={(e) => setLanguage(e.target.value)}
        />
      </form>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}
