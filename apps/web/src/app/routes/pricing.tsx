// Placeholder until this page is built.
export default function PricingPage() {
  return <div data-page="pricing" />;
}
