import { useTranslation } from 'react-i18next';
import { ToastHost } from '../../../ui/primitives/Toasts';
import { useGalleryStore } from '../gallery-store';

/** The gallery's toasts on the shared toast primitive. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useGalleryStore((s) => s.toasts);
  return <ToastHost toasts={toasts} onDismiss={(id) => useGalleryStore.getState().dismissToast(id)} closeLabel={t('gallery.toast.close')} toastLabel={t('gallery.toast.label')} regionLabel={t('gallery.toast.region')} />;
}
