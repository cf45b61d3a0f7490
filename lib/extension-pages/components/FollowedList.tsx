import type { FollowedResearcher } from '@/lib/background/follows/service';
import { formatAge, formatInteger } from '@/lib/ui/format';
import { displayText } from '@/lib/ui/plain-text';
import { FollowButton } from '../../../components/FollowButton';
import { ResearcherPageLink } from '../../../components/ResearcherPageLink';
import { t } from '@/lib/shared/i18n';

interface Props {
  follows: FollowedResearcher[];
  /** Opens a researcher's view. */
  onOpen: (researcher: { id: string; name: string }) => void;
  /** A row's Unfollow was used: its row goes, so the list's owner offers Undo. */
  onUnfollowed: (researcher: { id: string; name: string }) => void;
}

/** The researchers the reader follows, each with its count of unseen new papers. */
export function FollowedList({ follows, onOpen, onUnfollowed }: Props) {
  return (
    <ul class="followed-list">
      {follows.map((f) => {
        const name = displayText(f.name) || f.id;
        return (
          <li key={f.id} class="followed" data-weft-followed={f.id} data-new-count={String(f.newCount)}>
            <div class="who">
              <button type="button" class="link name" onClick={() => onOpen({ id: f.id, name })}>
                {name}
              </button>
              <ResearcherPageLink id={f.id}>
                {t('openProfile')}<span class="sr-only">{t('ofName', name)}</span>
              </ResearcherPageLink>
              {f.newCount > 0 && <span class="new-count">{t('countNewShort', formatInteger(f.newCount))}</span>}
              <span class="meta">{f.checkedAt === null ? t('notCheckedYetLower') : t('checkedAgo', formatAge(f.checkedAt))}</span>
              {f.unreadable && <span class="problem">{t('followProblem')}</span>}
            </div>
            <FollowButton id={f.id} name={name} onToggled={(followed) => followed || onUnfollowed({ id: f.id, name })} />
          </li>
        );
      })}
    </ul>
  );
}
