// Placeholder until this page is built.
export default function ComoFuncionaPage() {
  return <div data-page="como-funciona" />;
}
