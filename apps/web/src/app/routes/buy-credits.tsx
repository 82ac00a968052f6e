// Placeholder until this page is built.
export default function BuyCreditsPage() {
  return <div data-page="buy-credits" />;
}
