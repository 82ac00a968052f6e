// Placeholder until this page is built.
export default function ConfirmEmailPage() {
  return <div data-page="confirm-email" />;
}
