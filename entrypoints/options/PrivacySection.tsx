import { privacy } from '@/lib/shared/privacy';
import { Marked } from '@/lib/extension-pages/components/Marked';
import { t } from '@/lib/shared/i18n';

/** What leaves the browser, to whom and why, and what stays: the facts docs/privacy.md shows too. */
export function PrivacySection() {
  const PRIVACY = privacy();
  return (
    <section aria-labelledby="privacy-title" data-weft-field="privacy">
      <h2 id="privacy-title">{t('privacyHeading')}</h2>
      <p>
        <Marked text={PRIVACY.summary} />
      </p>
      <dl class="privacy">
        {PRIVACY.recipients.map((r) => (
          <div key={r.who}>
            <dt>
              <strong>{r.who}</strong> — <Marked text={r.where} />
            </dt>
            <dd>
              <p>
                <Marked text={t('privacyFor', r.why)} />
              </p>
              <ul>
                {r.what.map((w) => (
                  <li key={w}>
                    <Marked text={w} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
      {PRIVACY.stays.map((text) => (
        <p key={text}>
          <Marked text={text} />
        </p>
      ))}
    </section>
  );
}

/** Under the page's title: which settings follow the reader, and where to read why the rest does not. */
export function SyncNote() {
  return (
    <p class="muted" data-weft-field="sync">
      {t('syncNote')}{' '}
      <a href="#privacy-title">{t('why')}</a>.
    </p>
  );
}
