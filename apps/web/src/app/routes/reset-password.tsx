// Placeholder until this page is built.
export default function ResetPasswordPage() {
  return <div data-page="reset-password" />;
}
