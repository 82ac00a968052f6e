// Placeholder until this page is built.
export default function ContactPage() {
  return <div data-page="contact" />;
}
