import { avatarText, type PanelEntry } from './entries';

/** The entry's initial ('You' for the viewer), marked for the viewer and pending invites. */
export function Avatar({
  entry,
  large = false,
}: {
  entry: Pick<PanelEntry, 'isCurrentUser' | 'label' | 'pending'>;
  large?: boolean;
}) {
  return (
    <span
      className={large ? 'ap-avatar ap-avatar-lg' : 'ap-avatar'}
      data-me={entry.isCurrentUser || undefined}
      data-pending={entry.pending || undefined}
      aria-hidden="true"
    >
      {avatarText(entry)}
    </span>
  );
}
