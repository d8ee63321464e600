// What a show airs: a media item, a playlist (each found by its name), the live input or a clock; used by the
// show dialog and by "this occurrence only" (which also offers the series' own item).
import { msg } from '../i18n';
import { MediaPicker } from './MediaPicker';
import { ClockPicker } from './ClockPicker';
import { PlaylistPicker } from './PlaylistPicker';
import type { ItemType } from './schedule-types';

export const itemTypeChoices: { value: ItemType; label: string }[] = [
  { value: 'media', label: msg('A media item') },
  { value: 'playlist', label: msg('A playlist') },
  { value: 'live', label: msg('Live (line-in)') },
  { value: 'clock', label: msg('A clock (each hour from it)') },
];

export const asItemType = (value: string | null): ItemType => (value === 'live' || value === 'playlist' || value === 'clock' ? value : 'media');

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
  if (itemType === 'clock') return <ClockPicker value={itemId} onChange={onChange} error={error} />;
  return null;
}
