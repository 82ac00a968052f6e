// Placeholder until this page is built.
export default function LegalPage() {
  return <div data-page="legal" />;
}
