import { HowItWorksPage } from '@/features/marketing/how-it-works/how-it-works-page';

export default HowItWorksPage;
