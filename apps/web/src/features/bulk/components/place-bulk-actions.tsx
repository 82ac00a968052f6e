import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPlusIcon, PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AnalyzeAllDialog } from './analyze-all-dialog';
import { BulkImportDialog } from './bulk-import-dialog';

/** The business page's bulk actions: «Añadir varias keywords» and «Analizar todas». */
export function PlaceBulkActions({ place, onImported }: { place: { _id: string; name: string; keywords?: unknown[] }; onImported: () => Promise<unknown> }) {
  const { t } = useTranslation('bulk');
  const [open, setOpen] = useState<'import' | 'analyze' | null>(null);
  const hasKeywords = (place.keywords?.length ?? 0) > 0;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => setOpen('import')}>
        <ListPlusIcon aria-hidden="true" className="h-4 w-4" /> {t('import.open')}
      </Button>
      {hasKeywords && (
        <Button variant="secondary" data-testid="analyze-all-open" onClick={() => setOpen('analyze')}>
          <PlayIcon aria-hidden="true" className="h-4 w-4" /> {t('analyzeAll.open')}
        </Button>
      )}
      {open === 'import' && <BulkImportDialog initialPlaceIds={[place._id]} onClose={() => setOpen(null)} onImported={onImported} />}
      {open === 'analyze' && <AnalyzeAllDialog placeId={place._id} placeName={place.name} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** On the places list: the import for several businesses at once (none ticked to start with). */
export function PlacesBulkImport({ onImported }: { onImported: () => Promise<unknown> }) {
  const { t } = useTranslation('bulk');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <ListPlusIcon aria-hidden="true" className="h-4 w-4" /> {t('fromList')}
      </Button>
      {open && <BulkImportDialog initialPlaceIds={[]} onClose={() => setOpen(false)} onImported={onImported} />}
    </>
  );
}
