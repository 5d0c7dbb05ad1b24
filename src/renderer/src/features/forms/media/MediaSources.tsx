import { FolderOpen, Images, Link2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaSource } from '../../../../../shared/operations/fields';
import type { MediaKind, MediaValue } from '../../../../../shared/operations/media';
import { PopoverRoot, PopoverTrigger, Tip } from '../../../ui/primitives';
import { GalleryPopover } from './GalleryPopover';
import { UrlEntry } from './UrlEntry';
import { ACCEPT_ATTR } from './media-info';

interface Props {
  accept: MediaKind;
  sources: readonly MediaSource[];
  multiple?: boolean;
  onFiles(files: File[]): void;
  onValue(value: MediaValue): void;
  testId: string;
  /** The list holds as many as it takes: the ways in are off, and say why. */
  full?: string | null;
}

/** The ways into a media field besides drop and paste: file dialog, a link, a gallery result. */
export function MediaSources({ accept, sources, multiple, onFiles, onValue, testId, full = null }: Props) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'none' | 'url' | 'gallery'>('none');
  const galleryKind = accept === 'audio' ? null : accept;
  return (
    <div className="fm-sources">
      {sources.includes('file') && (
        <>
          <Tip label={full}>
            <button
              type="button"
              className="btn btn-sm"
              disabled={!!full}
              data-testid={`${testId}-browse`}
              onClick={() => fileRef.current?.click()}
            >
              <FolderOpen size={14} /> {t('forms.media.browse')}
            </button>
          </Tip>
          <input
            ref={fileRef}
            type="file"
            hidden
            accept={ACCEPT_ATTR[accept]}
            multiple={multiple}
            data-testid={`${testId}-file`}
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              if (files.length) onFiles(files);
            }}
          />
        </>
      )}
      {sources.includes('url') && (
        <Tip label={full}>
          <button
            type="button"
            className="btn btn-sm"
            disabled={!!full}
            aria-expanded={mode === 'url'}
            onClick={() => setMode(mode === 'url' ? 'none' : 'url')}
          >
            <Link2 size={14} /> {t('forms.media.link')}
          </button>
        </Tip>
      )}
      {sources.includes('result') && galleryKind && (
        <PopoverRoot open={mode === 'gallery'} onOpenChange={(o) => setMode(o ? 'gallery' : 'none')}>
          <Tip label={full}>
            <PopoverTrigger asChild>
              <button
                type="button"
                className="btn btn-sm"
                disabled={!!full}
                data-testid={`${testId}-gallery`}
              >
                <Images size={14} /> {t('forms.media.fromGallery')}
              </button>
            </PopoverTrigger>
          </Tip>
          {mode === 'gallery' && (
            <GalleryPopover kind={galleryKind} onPick={onValue} onClose={() => setMode('none')} />
          )}
        </PopoverRoot>
      )}
      {/* A disabled button shows no tooltip: the reason is said beside the buttons. */}
      {full && (
        <span className="fm-full-note" data-testid={`${testId}-full`}>
          {full}
        </span>
      )}
      {mode === 'url' && (
        <UrlEntry
          onAdd={(url) => {
            onValue({ kind: 'url', url });
            setMode('none');
          }}
          onCancel={() => setMode('none')}
        />
      )}
    </div>
  );
}
