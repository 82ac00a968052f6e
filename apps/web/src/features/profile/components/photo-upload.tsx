import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_PICTURE_ACCEPT, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MAX_MB } from '@rankmaps/shared/schemas/profile';
import { CameraIcon, TrashIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pickPhotos, type PhotoError } from '../utils/photo-files';

interface PhotoUploadProps {
  /** The saved picture's URL, if any. */
  currentUrl: string | null;
  /** The picture chosen but not saved yet. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Already-translated messages for refused files. */
  onErrors: (messages: string[]) => void;
  /** Deletes the saved picture (the caller confirms first). */
  onDelete: () => void;
  deleting: boolean;
  disabled?: boolean;
}

/** A local preview of the chosen file, released when it changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The profile photo widget (docs/product.md §2, docs/product.md §5): the current picture or an add-photo prompt; one
 * image of at most 2 MB, previewed before saving. The picture can be dropped on it too.
 */
export function PhotoUpload({ currentUrl, file, onFileChange, onErrors, onDelete, deleting, disabled = false }: PhotoUploadProps) {
  const { t } = useTranslation('profile');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const preview = usePreview(file);
  const shown = preview ?? currentUrl;

  const messageFor = (e: PhotoError) => t(`photo.errors.${e.code}`, { file: e.file, mb: PROFILE_PICTURE_MAX_MB });

  const take = (incoming: File[]) => {
    const { files, errors } = pickPhotos(file ? [file] : [], incoming, {
      accept: PROFILE_PICTURE_ACCEPT,
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      multiple: false,
    });
    onErrors(errors.map(messageFor));
    if (files[0] && files[0] !== file) onFileChange(files[0]);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take([...e.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col items-center gap-3" data-testid="photo-upload">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`relative h-32 w-32 overflow-hidden rounded-full transition ${dragging ? 'ring-4 ring-brand-400 ring-offset-2' : ''}`}
      >
        {shown ? (
          <img src={shown} alt={preview ? t('photo.previewAlt') : t('photo.currentAlt')} className="h-full w-full object-cover" />
        ) : (
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            aria-describedby={hintId}
            className="flex h-full w-full flex-col items-center justify-center gap-1 rounded-full border-2 border-dashed border-slate-300 bg-slate-50 text-slate-500 hover:border-brand-400 hover:bg-brand-50 hover:text-brand-700"
          >
            <CameraIcon className="h-7 w-7" />
            <span className="text-xs font-medium">{t('photo.add')}</span>
          </button>
        )}
      </div>
      {preview && <p className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">{t('photo.previewNote')}</p>}

      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onChange={(e) => {
          take([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <div className="flex flex-wrap justify-center gap-2">
        {shown && (
          <Button
            variant="secondary"
            className="py-2! text-xs!"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            aria-describedby={hintId}
          >
            <CameraIcon className="h-4 w-4" />
            {t('photo.change')}
          </Button>
        )}
        {file && (
          <Button variant="ghost" className="py-2! text-xs!" onClick={() => onFileChange(null)} disabled={disabled}>
            {t('photo.discard')}
          </Button>
        )}
        {!file && currentUrl && (
          <Button
            variant="ghost"
            className="py-2! text-xs! text-red-700! hover:bg-red-50!"
            onClick={onDelete}
            loading={deleting}
            disabled={disabled || deleting}
          >
            <TrashIcon className="h-4 w-4" />
            {t('photo.delete')}
          </Button>
        )}
      </div>
      <p id={hintId} className="max-w-[14rem] text-center text-xs text-slate-500">
        {t('photo.hint', { mb: PROFILE_PICTURE_MAX_MB })}
      </p>
    </div>
  );
}
