import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SharedReportPage } from '@/features/reports/components/shared-report-page';
import './styles.css';

// The share page's own entry (share.html, served at /informe/{token}): React and the report
// view only, no router, queries, i18next, map or chart library, so its JavaScript stays far
// under the 150 KB gzip budget (docs/performance.md, "Share page").
const token = decodeURIComponent(window.location.pathname.replace(/^\/informe\//, '').replace(/\/+$/, ''));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SharedReportPage token={token} />
  </StrictMode>,
);
