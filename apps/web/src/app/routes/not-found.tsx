// Placeholder until this page is built.
export default function NotFoundPage() {
  return <div data-page="not-found" />;
}
