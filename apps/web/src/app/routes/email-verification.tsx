// Placeholder until this page is built.
export default function EmailVerificationPage() {
  return <div data-page="email-verification" />;
}
