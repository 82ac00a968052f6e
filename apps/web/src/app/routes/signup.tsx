// Placeholder until this page is built.
export default function SignupPage() {
  return <div data-page="signup" />;
}
