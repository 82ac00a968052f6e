import { FileDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal, ModalActions } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError, apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { ShareTarget } from './share-dialog';

const pdfPath = ({ scope, targetId }: ShareTarget) => `/reports/${scope}/${encodeURIComponent(targetId)}/pdf`;

/**
 * «Descargar PDF» (docs/reports.md, "PDF"): the report drawn on the server, signed with the
 * user's brand. With one target it downloads at once; with two (an analysis and its keyword's
 * history) it asks which first, as «Compartir» does.
 */
export function PdfDownloadButton({ targets }: { targets: ShareTarget[] }) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  if (targets.length === 0) return null;

  const download = async (target: ShareTarget) => {
    setBusy(true);
    try {
      const { blob, filename } = await apiDownload(pdfPath(target), 'informe.pdf');
      saveFile(blob, filename);
      setChoosing(false);
    } catch (err) {
      toast({ type: 'error', message: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('pdf.error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        className="shrink-0"
        loading={busy && !choosing}
        onClick={() => (targets.length === 1 ? void download(targets[0]!) : setChoosing(true))}
        data-testid="pdf-button"
      >
        <FileDownIcon className="h-4 w-4" aria-hidden="true" />
        {t('pdf.button')}
      </Button>
      {choosing && <PdfChoice targets={targets} busy={busy} onDownload={(target) => void download(target)} onClose={() => setChoosing(false)} />}
    </>
  );
}

function PdfChoice({ targets, busy, onDownload, onClose }: { targets: ShareTarget[]; busy: boolean; onDownload: (t: ShareTarget) => void; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const [index, setIndex] = useState(0);
  const name = useId();
  return (
    <Modal
      title={t('pdf.title')}
      description={t('pdf.description')}
      closeLabel={t('share.close')}
      onClose={onClose}
      footer={<ModalActions cancel={t('share.cancel')} onCancel={onClose} submit={{ label: t('pdf.download'), loading: busy, onClick: () => onDownload(targets[index] ?? targets[0]!) }} />}
    >
      <fieldset>
        <legend className="sr-only">{t('pdf.title')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {targets.map((tg, i) => (
            <label key={tg.scope} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name={name} checked={i === index} onChange={() => setIndex(i)} className="h-4 w-4" />
              {tg.label}
            </label>
          ))}
        </div>
      </fieldset>
    </Modal>
  );
}
