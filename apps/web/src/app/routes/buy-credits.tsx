import { BuyCreditsPage } from '@/features/plans/buy-credits-page';

export default BuyCreditsPage;
