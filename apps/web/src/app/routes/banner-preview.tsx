// Placeholder until this page is built.
export default function BannerPreviewPage() {
  return <div data-page="banner-preview" />;
}
