import { PricingFaqSnippet } from '@/features/marketing/faq/faq-snippet';
import { PricingPage } from '@/features/plans/pricing-page';

/** /pricing and /subscription: the plans, with the pricing questions of the FAQ below. */
export default function PricingRoute() {
  return <PricingPage faq={<PricingFaqSnippet />} />;
}
