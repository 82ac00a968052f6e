import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <section role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('errorBoundary.title')}</h1>
      <p className="mt-3 text-slate-600">{t('errorBoundary.body')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('errorBoundary.reload')}
      </Button>
    </section>
  );
}

/**
 * Catches a render error (most often a page chunk that failed to download after a new
 * release or a lost connection) and offers a reload, instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('render error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
