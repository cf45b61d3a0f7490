import type { Ref } from 'preact';
import type { ResearcherProfile } from '@/lib/background/protocol';
import type { S2State } from '@/lib/extension-pages/researcher-page-state';
import type { Institution } from '@/lib/catalog/types';
import { displayText } from '@/lib/ui/plain-text';
import { openAlexUrl, orcidUrl, rorUrl, s2AuthorUrl, s2SearchUrl, safeLink } from '@/lib/catalog/links';
import { FollowButton } from '@/components/FollowButton';
import { t, uiLocale } from '@/lib/shared/i18n';

const regions = (() => {
  try {
    return new Intl.DisplayNames([uiLocale()], { type: 'region' });
  } catch {
    return null;
  }
})();
const country = (code: string) => regions?.of(code) ?? code;

function ExternalLink({ href, kind, children }: { href: string | null; kind: string; children: string }) {
  const safe = safeLink(href);
  return safe ? (
    <a href={safe} data-weft-link={kind} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : null;
}

function Place({ i }: { i: Institution }) {
  const name = displayText(i.name);
  return (
    <li>
      {name}
      {i.countryCode && <span class="muted">, {country(i.countryCode)}</span>}
      {i.rorId && (
        <>
          {' '}
          <a class="ror" href={rorUrl(i.rorId)} target="_blank" rel="noopener noreferrer">
            ROR<span class="sr-only">{t('recordOf', name)}</span>
          </a>
        </>
      )}
    </li>
  );
}

interface Props {
  profile: ResearcherProfile;
  s2: S2State;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Who the researcher is: name, other names, last known institutions, identifiers and Follow. */
export function ResearcherHeader({ profile, s2, headingRef }: Props) {
  const name = displayText(profile.displayName) || profile.openalexId;
  const others = profile.alternativeNames.map(displayText).filter((n) => n && n !== name);
  const s2Id = s2.status === 'ready' ? s2.figures.s2Id : s2.status === 'unmatched' || s2.status === 'unavailable' ? s2.s2Id : null;
  return (
    <header class="profile-header">
      <div class="who">
        <h1 id="researcher-name" tabIndex={-1} ref={headingRef} data-weft-field="name">
          {name}
        </h1>
        {others.length > 0 && (
          <p class="muted alt-names" data-weft-field="alternative-names">
            {t('alsoPublishedAs', others.join(' · '))}
          </p>
        )}
        {profile.lastKnownInstitutions.length > 0 ? (
          <ul class="institutions" aria-label={t('lastKnownInstitutions')} data-weft-field="last-known">
            {profile.lastKnownInstitutions.map((i) => (
              <Place key={i.openalexId ?? i.name} i={i} />
            ))}
          </ul>
        ) : (
          <p class="muted" data-weft-field="last-known">{t('noKnownInstitution')}</p>
        )}
        <p class="links">
          <ExternalLink href={openAlexUrl(profile.openalexId)} kind="openalex">{t('openAlexProfile')}</ExternalLink>
          <ExternalLink
            href={s2Id ? s2AuthorUrl(s2Id) : s2SearchUrl(name)}
            kind="s2"
          >
            {t(s2Id ? 's2Profile' : 's2Find')}
          </ExternalLink>
          {profile.orcid && <ExternalLink href={orcidUrl(profile.orcid)} kind="orcid">{`ORCID ${profile.orcid}`}</ExternalLink>}
        </p>
      </div>
      <FollowButton id={profile.openalexId} name={name} />
    </header>
  );
}
