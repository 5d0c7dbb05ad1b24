import { LayoutGrid, List, Search, SlidersHorizontal, Star, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useUiStore } from '../../../state/ui-store';
import { useGalleryStore, type TileSize } from '../gallery-store';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { PopoverContent, PopoverRoot, PopoverTrigger, Tip } from '../../../ui/primitives';
import { FilterPanel } from './FilterPanel';

/** Search, view switch, tile size, favourites, and the filters popover. */
const HIDDEN = { visibility: 'hidden' } as const;

export function FilterBar({ activeFilters, models }: { activeFilters: number; models: string[] }) {
  const { t } = useTranslation();
  useDebouncedSearch();
  const s = useGalleryStore(useShallow((st) => ({ searchText: st.searchText, favourites: st.favourites, filtersOpen: st.filtersOpen, tileSize: st.tileSize })));
  const set = useGalleryStore((st) => st.set);
  const view = useUiStore((st) => st.galleryView);
  const setView = useUiStore((st) => st.setGalleryView);
  return (
    <div className="gl-toolbar">
      <label className="gl-search">
        <Search size={15} />
        <input
          type="search"
          value={s.searchText}
          placeholder={t('gallery.search')}
          aria-label={t('gallery.search')}
          data-testid="gallery-search"
          onChange={(e) => set({ searchText: e.target.value })}
          onKeyDown={(e) => e.key === 'Escape' && set({ searchText: '', search: '' })}
        />
        {s.searchText && (
          <button className="gl-search-clear" aria-label={t('gallery.clearSearch')} onClick={() => set({ searchText: '', search: '' })}>
            <X size={14} />
          </button>
        )}
      </label>
      <Tip label={t('gallery.favourites')}>
        <button className={`icon-btn gl-toggle${s.favourites ? ' on star' : ''}`} aria-pressed={s.favourites} aria-label={t('gallery.favourites')} data-testid="filter-favourites" onClick={() => set({ favourites: !s.favourites })}>
          <Star size={16} fill={s.favourites ? 'currentColor' : 'none'} />
        </button>
      </Tip>
      {/* A popover over the gallery, never a panel that pushes the grid down. */}
      <PopoverRoot open={s.filtersOpen} onOpenChange={(filtersOpen) => set({ filtersOpen })}>
        <Tip label={t('gallery.filters')}>
          <PopoverTrigger asChild>
            <button className={`icon-btn gl-toggle${s.filtersOpen || activeFilters ? ' on' : ''}`} aria-label={t('gallery.filters')} data-testid="toggle-filters">
              <SlidersHorizontal size={16} />
              {activeFilters > 0 && <span className="gl-dot-count">{activeFilters}</span>}
            </button>
          </PopoverTrigger>
        </Tip>
        {s.filtersOpen && (
          <PopoverContent className="gl-filters-pop" label={t('gallery.filters')} align="end">
            <FilterPanel models={models} />
          </PopoverContent>
        )}
      </PopoverRoot>
      <div className="gl-segmented" role="group" aria-label={t('gallery.view')}>
        <Tip label={t('gallery.grid')}>
          <button className={view === 'grid' ? 'on' : ''} aria-pressed={view === 'grid'} aria-label={t('gallery.grid')} data-testid="view-grid" onClick={() => setView('grid')}>
            <LayoutGrid size={15} />
          </button>
        </Tip>
        <Tip label={t('gallery.list')}>
          <button className={view === 'list' ? 'on' : ''} aria-pressed={view === 'list'} aria-label={t('gallery.list')} data-testid="view-list" onClick={() => setView('list')}>
            <List size={15} />
          </button>
        </Tip>
      </div>
      {/* Kept in its place in the list (hidden, not removed), so switching views moves no button: the star
          used to slide under the pointer that had just pressed List. Hidden, it is out of Tab and the a11y tree. */}
      <div className="gl-segmented gl-sizes" role="group" aria-label={t('gallery.tileSize')} style={view === 'grid' ? undefined : HIDDEN} data-testid="tile-sizes">
        {(['s', 'm', 'l'] as TileSize[]).map((size) => (
          <Tip key={size} label={t(`gallery.size.${size}`)}>
            <button className={s.tileSize === size ? 'on' : ''} aria-pressed={s.tileSize === size} aria-label={t(`gallery.size.${size}`)} onClick={() => set({ tileSize: size })}>
              <span className={`gl-size-glyph ${size}`} />
            </button>
          </Tip>
        ))}
      </div>
    </div>
  );
}
