import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError, apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

type Report = 'points' | 'competitors';

/** CSV downloads of a completed analysis: every point's result, and the competitors table. */
export function ExportButtons({ rankMapId }: { rankMapId: string }) {
  const { t } = useTranslation('rankmaps');
  const toast = useToast();
  const [busy, setBusy] = useState<Report | null>(null);
  const download = async (report: Report) => {
    setBusy(report);
    try {
      const { blob, filename } = await apiDownload(
        `/rankmap/${encodeURIComponent(rankMapId)}/export/${report}.csv`,
        `rankmap-${report}.csv`,
      );
      saveFile(blob, filename);
    } catch (err) {
      toast({ type: 'error', message: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('export.error') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" className="py-2!" loading={busy === 'points'} onClick={() => void download('points')}>
        {t('export.points')}
      </Button>
      <Button variant="secondary" className="py-2!" loading={busy === 'competitors'} onClick={() => void download('competitors')}>
        {t('export.competitors')}
      </Button>
    </div>
  );
}
