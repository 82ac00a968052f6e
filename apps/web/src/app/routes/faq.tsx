// Placeholder until this page is built.
export default function FaqPage() {
  return <div data-page="faq" />;
}
