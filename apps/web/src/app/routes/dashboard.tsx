// Placeholder until this page is built.
export default function DashboardPage() {
  return <div data-page="dashboard" />;
}
