import { LandingPage } from '@/features/marketing/landing/landing-page';

export default LandingPage;
