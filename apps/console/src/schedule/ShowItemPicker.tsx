// What a show airs: a media item, a playlist (each found by its name) or the live input; used by the
// show dialog and by "this occurrence only" (which also offers the series' own item).
import { msg } from '../i18n';
import { MediaPicker } from './MediaPicker';
import { PlaylistPicker } from './PlaylistPicker';
import type { ItemType } from './schedule-types';

export const itemTypeChoices: { value: ItemType; label: string }[] = [
  { value: 'media', label: msg('A media item') },
  { value: 'playlist', label: msg('A playlist') },
  { value: 'live', label: msg('Live (line-in)') },
];

export const asItemType = (value: string | null): ItemType => (value === 'live' || value === 'playlist' ? value : 'media');

interface Props {
  itemType: ItemType;
  itemId: number | null;
  title: string;
  onChange: (id: number | null, title: string) => void;
  error?: string | undefined;
  /** The show's length in seconds, for the media picker's "much shorter" note. */
  showSeconds?: number;
}

/** The picker of the item of that type (none for live input). */
export function ShowItemPicker({ itemType, itemId, title, onChange, error, showSeconds }: Props) {
  if (itemType === 'media') return <MediaPicker value={itemId} title={title} onChange={onChange} error={error} {...(showSeconds !== undefined ? { showSeconds } : {})} />;
  if (itemType === 'playlist') return <PlaylistPicker value={itemId} name={title} onChange={onChange} error={error} />;
  return null;
}
