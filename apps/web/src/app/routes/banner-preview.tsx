import { useTranslation } from 'react-i18next';
import { BannerPage } from '@/features/marketing/banner/banner-page';
import { LogoMark } from '../layouts/logo';

export default function BannerPreviewRoute() {
  const { t } = useTranslation();
  return <BannerPage logo={<LogoMark />} brand={t('brand')} />;
}
