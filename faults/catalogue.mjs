// The fault and bad-input catalogue (issue 7): every class of bad input or fault Weft is tried
// against, and what the reader must see. Each class is tried by at least one test in
// faults/unit (vitest: the whole background with only fetch and IndexedDB faked, or components
// in happy-dom) or faults/e2e (Chromium with the built extension), which reports it with
// `tried(id, measures)` (faults/ledger.mjs). `node faults/run.mjs` fails a class no test tried.
//
// Always, on top of each class's own expectation: the page never breaks, nothing followed or
// cached is lost, no catalog text runs as code.

/** @typedef {{ id: string, area: string, fault: string, expect: string }} FaultClass */

/** @type {FaultClass[]} */
export const CLASSES = [
  // --- Untrusted catalog text and links -------------------------------------------------------
  { id: 'html-in-api-strings', area: 'render', fault: '<img onerror>, <script>, <svg onload> in every API string Weft renders (author, institution, title, journal, search hit, co-author, inbox, followed name)', expect: 'shown as literal text on the abs page and in the popup; 0 scripts executed, 0 injected elements' },
  { id: 'hostile-urls', area: 'render', fault: 'javascript:, " JaVaScRiPt:", data:, http:, look-alike hosts in every API URL field', expect: 'no link made from them; every rendered href is https: on an allowlisted host' },
  // --- Sizes ------------------------------------------------------------------------------------
  { id: 'authors-2830', area: 'size', fault: 'an ATLAS-style paper with 2,830 authors', expect: 'one badge per author; the first 100 load, the rest wait for "et al."; the page stays responsive' },
  { id: 'inputs-over-caps', area: 'size', fault: 'a paper of 10,000 authors, a 301-character name, a listing entry of 201 names, a 5,000-entry listing (each past a cap of lib/shared/limits.ts)', expect: 'the content script cuts what it sends to the caps: no request refused whole; every author within the caps gets their badge, the ones past them say "not loaded"; the rest of the batch unaffected' },
  { id: 'openalex-truncated-100', area: 'size', fault: 'OpenAlex list results cut at 100 authorships (is_authors_truncated)', expect: 'a followed author beyond #100 still gets the alert (free singleton lookup), exactly once' },
  // --- Malformed answers ----------------------------------------------------------------------
  { id: 'null-fields', area: 'schema', fault: 'null where a value is expected (names, counts, authorships, results)', expect: 'typed "invalid-response" or "not available"; never cached; fine once the API is' },
  { id: 'missing-fields', area: 'schema', fault: 'required fields absent', expect: 'typed error or "not available"; never cached' },
  { id: 'wrong-typed-fields', area: 'schema', fault: 'strings for numbers, objects for arrays, numbers for names', expect: 'typed error or "not available"; never cached; no NaN shown' },
  { id: 'extra-fields', area: 'schema', fault: 'unknown extra fields everywhere', expect: 'ignored: the same answer as without them' },
  { id: 'empty-arrays', area: 'schema', fault: 'empty authorships, results, recommendations', expect: 'an answer that says "nothing known" (unmatched / no related papers), not an error or a crash' },
  { id: 'html-error-page-200', area: 'transport', fault: 'an HTML error page (captive portal, proxy) with status 200', expect: 'typed "invalid-response", retry offered, never cached' },
  { id: 'malformed-json', area: 'transport', fault: 'truncated JSON with a JSON content type', expect: 'typed "invalid-response", never cached' },
  { id: 'redirect-off-catalog', area: 'transport', fault: 'an answer whose final URL (after redirects) is not on a catalog host', expect: 'typed "invalid-response", never cached; a redirect within OpenAlex (a merged author id) still answers' },
  { id: 'keys-across-redirects', area: 'transport', fault: 'a request carrying the reader\'s OpenAlex or Semantic Scholar key answered with a redirect to another host; a same-host 301 for a merged author id', expect: 'the key never reaches another host (keyed requests follow no redirect with the key) and never shows in a log line or an error; the off-host answer is an invalid-response; the merged id still answers' },
  { id: 'body-over-bound', area: 'transport', fault: 'an endless or huge response body', expect: 'typed "invalid-response" once the body passes its bound (8 MB for one record, 32 MB for a list), read no further; never cached' },
  { id: 'openalex-budget-429', area: 'transport', fault: 'OpenAlex "Insufficient budget" 429 with Retry-After of ~16 hours', expect: 'no retry storm (one request); list calls stop until the reset; author numbers come one by one from the free endpoint; checks wait' },
  { id: 'openalex-per-second-429', area: 'transport', fault: 'a per-second 429 with Retry-After: 1', expect: 'waits as told, retries once, answers' },
  { id: 's2-429-no-retry-after', area: 'transport', fault: 'Semantic Scholar 429 without Retry-After, every time', expect: 'capped jittered retries, then the host cools down (next call: 0 requests); citations fall back to OpenAlex' },
  { id: 'retry-after-zero', area: 'transport', fault: 'a 429 with Retry-After: 0, or an HTTP date in the past', expect: 'every retry still waits the jittered backoff; the host then cools down (at least 5 s): the next call makes no request' },
  { id: 'server-5xx', area: 'transport', fault: '500 / 502 / 503', expect: 'capped retries; error with retry; saved (stale) answers still shown and kept' },
  { id: 'slow-past-timeout', area: 'transport', fault: 'an answer slower than the request timeout', expect: 'typed "timeout" within the timeout, not retried, not cached' },
  { id: 's2-hangs-20-tabs', area: 'transport', fault: 'Semantic Scholar hangs (never answers) while 20 restored abs tabs ask for their badges and panels', expect: 'badges, citations, related and institutions answer from OpenAlex within 3 s (S2 marked "did not answer"); anything waiting for S2 alone ends as a timeout within its queue deadline + attempt timeout (10 s + 15 s)' },
  { id: 'offline', area: 'transport', fault: 'the network is down (fetch rejects)', expect: 'badges in error with retry, popup says the catalog could not be reached; works again once online' },
  { id: 'clock-jumps', area: 'transport', fault: 'the system clock set back an hour or two days, or forward past a reset, while a page\'s allowance or a spent OpenAlex allowance is remembered', expect: 'no wait grows by the step: a page waits at most its refill; a remembered reset is rechecked when read (forgotten once past, held to the next midnight UTC + 10 min when the clock went back)' },
  { id: 'openalex-budget-restart', area: 'transport', fault: 'the service worker restarts after OpenAlex said the budget is spent; then the free endpoint fails too', expect: 'no request to learn the budget again; numbers from the free endpoint; when that fails, an error with retry, never "no profile"' },
  // --- Service-worker lifecycle ----------------------------------------------------------------
  { id: 'sw-killed-mid-fetch', area: 'lifecycle', fault: 'the service worker is stopped while the abs page\'s requests are in flight', expect: 'no badge stuck loading: each ends ready or in error with a working retry' },
  { id: 'sw-killed-mid-check', area: 'lifecycle', fault: 'the service worker is stopped during a new-paper check', expect: 'the next check finds the paper once: 0 follows lost, 0 duplicate alerts' },
  { id: 'concurrent-checks', area: 'lifecycle', fault: 'the alarm fires during "Check now"; a check is interrupted after notifying', expect: 'one check at a time; a paper is notified once' },
  { id: 'alarm-missing-on-start', area: 'lifecycle', fault: 'the browser dropped the check alarm', expect: 'recreated on worker start, due at the next interval (a missed check runs once)' },
  { id: 'check-pause-new-key', area: 'lifecycle', fault: 'checks paused by a spent OpenAlex allowance, then the reader saves the key the popup recommends', expect: 'the pause ends at once: "Check now" runs' },
  { id: 'retry-after-huge', area: 'lifecycle', fault: 'an "Insufficient budget" 429 with Retry-After: 999999999', expect: 'checks (and list calls) wait at most until the next UTC midnight + 10 min, not for years' },
  { id: 'follow-during-pause', area: 'lifecycle', fault: 'a researcher followed while checks are paused (their first check cannot run)', expect: 'the follow time is their watermark: the first check after the pause alerts the papers of the gap' },
  { id: 'sw-killed-before-first-check', area: 'lifecycle', fault: 'the service worker (Firefox: the event page) is stopped after a follow, before its first check has recorded what exists', expect: 'the follow time is the watermark: the next check alerts a paper published since, once, and the toolbar badge shows it' },
  // --- Storage -----------------------------------------------------------------------------------
  { id: 'idb-quota-exceeded', area: 'storage', fault: 'IndexedDB writes fail with QuotaExceededError', expect: 'network-only: answers still come; follows untouched' },
  { id: 'idb-corrupt', area: 'storage', fault: 'a corrupted / unopenable cache database', expect: 'network-only: answers still come; "Clear cache" recovers; follows untouched' },
  { id: 'idb-blocked-upgrade', area: 'storage', fault: 'an older connection blocks the schema upgrade', expect: 'network-only meanwhile, the cache works once it is released' },
  { id: 'idb-upgrade-every-version', area: 'storage', fault: 'a database from every earlier schema version, with data', expect: 'upgraded in place, its answers served without a request; follows kept' },
  { id: 'idb-open-hangs', area: 'storage', fault: 'indexedDB.open never settles (no success, error or blocked event)', expect: 'network-only after the open timeout, no request hangs; the database is rebuilt and caches again without "Clear cache"; follows untouched' },
  { id: 'idb-newer-version', area: 'storage', fault: 'a cache database of a newer schema version than this Weft (a downgrade)', expect: 'network-only at once, then the database is rebuilt automatically and caches again; follows untouched' },
  { id: 'damaged-follow-storage', area: 'storage', fault: 'a damaged follow entry, or follow storage that is not a list', expect: 'the damaged entry alone is dropped; every other follow kept' },
  { id: 'settings-damaged-version', area: 'storage', fault: 'stored settings with version 0, a string or garbage fields', expect: 'read field by field (damaged fields take their defaults), the repair logged once and stored; the check alarm is still created' },
  { id: 'user-data-out-of-page-reach', area: 'storage', fault: 'a content script reading storage.local (both browsers let it) after the reader saved keys, followed, corrected and searched in the popup; keys, follows and recent searches an earlier Weft kept there', expect: 'storage.local holds no key, follow, inbox entry, correction or recent search: they live in the background\'s own IndexedDB, moved there once (old keys removed after the copy); content scripts are told followed ids only and cannot ask for recent searches; "Clear cache" keeps it all' },
  { id: 'user-data-newer-shape', area: 'storage', fault: 'follows and corrections stored by a newer Weft (a downgrade)', expect: 'read as far as they can be; never overwritten or deleted by the next write (the write is refused)' },
  { id: 'mark-seen-interrupted', area: 'storage', fault: 'the write of "mark seen" failing halfway (worker stopped, disk full)', expect: 'one transaction: nothing half-done; the paper stays unseen and is alerted once' },
  { id: 'import-date-out-of-range', area: 'storage', fault: 'an imported follow list with followedAt 1e16, -1 or a date past year 275760', expect: 'the file refused with a message naming the entry; nothing imported; export never fails' },
  { id: 'hostile-import-file', area: 'storage', fault: 'an imported file over the size bound, with __proto__ and constructor keys at every level, control and direction-override characters in names, 5,000 corrections while the reader has their own', expect: 'oversized refused before reading; no prototype polluted and no foreign key stored; names cleaned to one line of text; every correction the reader made kept, and the reader told how many of the file\'s were left out and why' },
  { id: 'user-data-idb-unavailable', area: 'storage', fault: 'IndexedDB refused to the extension (Firefox with "Never remember history": every open fails with InvalidStateError)', expect: 'following, keys, checks and the inbox still work: the records stay in storage.local (the only place left) and move into the database once it opens' },
  // --- The arXiv page --------------------------------------------------------------------------
  { id: 'abs-missing-author-list', area: 'page', fault: 'an abs page without div.authors', expect: 'fails closed with one console warning, no exception; the page intact' },
  { id: 'abs-missing-sidebar', area: 'page', fault: 'an abs page without the right-hand sidebar', expect: 'badges still work, panels placed by the abstract or left out; no exception' },
  { id: 'hostile-page-css', area: 'page', fault: 'page CSS aimed at Weft: its tag names and data-weft-* hooks hidden, shrunk, moved, recoloured (!important, in a cascade layer, * { font-size: 0 }, ::before/::after content)', expect: 'badges, card and panels render visibly, at their size, in Weft\'s colours' },
  { id: 'fake-weft-elements', area: 'page', fault: 'the page\'s own <weft-panels> / <weft-author> elements (with data-weft-* hooks) placed before Weft runs; a Weft tag name defined as a custom element', expect: 'Weft adds its own UI anyway; the page\'s elements are left alone and never taken for Weft\'s (not highlighted, not skipped to)' },
  { id: 'synthetic-input', area: 'page', fault: 'a page script dispatching hover events on badges, calling .focus() on one, middle-clicking a card\'s "Open profile" link 20 times; the reader\'s own 20 middle clicks in a burst', expect: 'no card opens and no tab either; the reader\'s own middle clicks open at most about one researcher tab a second' },
  { id: 'stolen-focus', area: 'page', fault: 'a page script moves focus onto Follow or "No profile fits" (.focus()) just before the reader presses Space or Enter', expect: 'nothing followed or corrected; focus the reader moves with Tab (or Weft moves for them) still acts on Enter' },
  { id: 'restyled-control', area: 'page', fault: 'Follow restyled through the open shadow root into an invisible full-window overlay (inline style, an added style element, a rule added to Weft\'s sheet, a sheet of its own), or the card wrapped in a nearly transparent full-window box; the reader then clicks the page', expect: 'the reader\'s ordinary click follows no one (the page\'s styles are undone); their click on the button as Weft drew it follows' },
  { id: 'page-stops-weft', area: 'page', fault: 'a page script dispatches the DOM event by which WXT\'s content-script context handed over to a newer copy of the script', expect: 'Weft keeps running: every badge and panel stays' },
  { id: 'prerendered-page', area: 'page', fault: 'the browser prerenders an abs page, HTML view or listing (speculation rules, address-bar prediction): content scripts run in it from document_start', expect: 'no request to the background (so none to the catalogs) until the reader opens the page; then it starts as any page' },
  // --- Identifiers -------------------------------------------------------------------------------
  { id: 'id-old-style-versioned', area: 'ids', fault: 'old-style versioned id math/0211159v2 (page and popup)', expect: 'normalised to math/0211159; badges load; requests use the unversioned id' },
  { id: 'id-four-digit', area: 'ids', fault: '4-digit new-style id 0704.0001', expect: 'accepted end to end; URL built from the id' },
  { id: 'id-arxiv-prefix', area: 'ids', fault: '"arXiv:2406.05546v2" pasted in the popup; a prefixed id in a message', expect: 'the popup jumps to the paper; the background refuses prefixed ids' },
  { id: 'id-pdf-url', area: 'ids', fault: 'https://arxiv.org/pdf/… URLs (with version, .pdf) pasted in the popup', expect: 'normalised to the abstract page of that paper' },
  // --- Unicode -------------------------------------------------------------------------------------
  { id: 'unicode-combining', area: 'unicode', fault: 'names in NFD on the page and NFC in the catalog (and the reverse)', expect: 'matched; search matches either form' },
  { id: 'unicode-cjk', area: 'unicode', fault: 'CJK names', expect: 'matched and rendered unchanged' },
  { id: 'unicode-rtl', area: 'unicode', fault: 'Arabic / Hebrew names', expect: 'rendered unchanged and direction-isolated: numbers next to them stay in place' },
  { id: 'unicode-zero-width', area: 'unicode', fault: 'zero-width spaces / joiners inside names', expect: 'matched as the same name' },
  { id: 'unicode-long-name', area: 'unicode', fault: 'a 300-character name without spaces', expect: 'the card stays within its width; the page layout unchanged' },
  // --- Messages to the background ----------------------------------------------------------------
  { id: 'msg-unknown-type', area: 'messages', fault: 'messages of unknown types, non-objects, null', expect: '"bad-request"; no request made' },
  { id: 'msg-bad-ids', area: 'messages', fault: 'malformed, versioned, prefixed, overlong ids', expect: '"bad-request"; no request made' },
  { id: 'msg-smuggled-url', area: 'messages', fault: 'a URL in place of an id or as an extra key', expect: '"bad-request"; the background never fetches it' },
  { id: 'msg-untrusted-sender', area: 'messages', fault: 'a sender outside arxiv.org / Weft, or a content script asking for popup-only actions', expect: 'refused; settings, follows and cache unchanged' },
  { id: 'msg-sender-without-tab', area: 'messages', fault: 'a sender of this extension with no tab and no extension-page URL (or a web URL)', expect: 'not taken for one of Weft\'s own pages: refused, nothing changed' },
  { id: 'follow-unfollow-loop', area: 'messages', fault: 'a page (or reader) following and unfollowing in a loop; a burst of 30 follows', expect: 'first checks coalesced (one list call per 100), a re-follow within a day restores the researcher for no call; unfollow keeps their unseen papers, Undo brings them back' },
  { id: 'msg-flood', area: 'messages', fault: 'a page asking for thousands of ids in one message, or flooding the background with requests', expect: 'over-long lists refused before any request; a page held to SENDER_BURST then SENDER_PER_SECOND messages ("rate-limited") and, counted in catalog requests and credits, to its daily share ("page-paused"); other tabs and Weft\'s pages unaffected' },
  { id: 'credits-made-up-listing', area: 'messages', fault: 'a page script writes a made-up listing (ids no catalog has, real-looking names) and asks for its authors again and again, with large and small messages', expect: 'a message that could cost more than the page\'s share is refused before any request; the page spends at most PAGE_DAILY_CREDITS credits and PAGE_DAILY_REQUESTS requests a day (kept across worker restarts), then shows "Weft paused on this page"; other tabs and Weft\'s pages go on' },
];

export const CLASS_IDS = new Set(CLASSES.map((c) => c.id));
