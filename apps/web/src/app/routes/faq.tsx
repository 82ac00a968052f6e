import { FaqPage } from '@/features/marketing/faq/faq-page';

export default FaqPage;
