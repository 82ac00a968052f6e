// Placeholder until this page is built.
export default function SigninPage() {
  return <div data-page="signin" />;
}
