// Placeholder until this page is built.
export default function ResetPasswordTokenPage() {
  return <div data-page="reset-password-token" />;
}
