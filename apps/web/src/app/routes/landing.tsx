// Placeholder until this page is built.
export default function LandingPage() {
  return <div data-page="landing" />;
}
