// Placeholder until this page is built.
export default function DevMailPage() {
  return <div data-page="dev-mail" />;
}
