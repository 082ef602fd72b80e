// The operator/admin console at /admin: sign-in, then Inbox (live), Settings and Persona (per bot), Feedback and
// Moderation tabs, with live thumbs-down alerts over every tab.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { getBots, request, type BotInfo } from '../shared/api.ts';
import { consoleTexts, defaultConsoleLang, type ConsoleLang, type ConsoleTexts } from '../shared/i18n.ts';
import { forgetToken, saveToken, storedToken, takeTokenFromFragment } from './auth.ts';
import { adminTexts } from './admin-texts.ts';
import { FeedbackAlerts, useFeedbackAlerts } from './FeedbackAlerts.tsx';
import { FeedbackTab } from './FeedbackTab.tsx';
import { ModerationTab } from './ModerationTab.tsx';
import { PersonaTab } from './PersonaTab.tsx';
import { Inbox } from './Inbox.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { ErrorNote } from './ui/index.ts';
import { useInbox } from './useInbox.ts';

type Tab = 'inbox' | 'settings' | 'persona' | 'feedback' | 'moderation';
const TABS: Tab[] = ['inbox', 'settings', 'persona', 'feedback', 'moderation'];

function tabFromPath(): Tab {
  const seg = location.pathname.split('/')[2];
  return TABS.includes(seg as Tab) ? (seg as Tab) : 'inbox';
}

export function Console() {
  const [token, setToken] = useState<string | null>(() => takeTokenFromFragment() ?? storedToken());
  const [lang, setLang] = useState<ConsoleLang>(defaultConsoleLang);
  const t = consoleTexts[lang];

  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem('switchboard.lang', lang);
  }, [lang]);

  const signOut = useCallback(() => {
    forgetToken();
    setToken(null);
  }, []);

  if (!token) return <Login t={t} lang={lang} setLang={setLang} onToken={setToken} />;
  return <Signed token={token} t={t} lang={lang} setLang={setLang} signOut={signOut} />;
}

function LangSelect({ t, lang, setLang }: { t: ConsoleTexts; lang: ConsoleLang; setLang: (l: ConsoleLang) => void }) {
  const id = useId();
  return (
    <div className="lang-select">
      <label htmlFor={id}>{t.language}</label>
      <select id={id} value={lang} onChange={(e) => setLang(e.target.value as ConsoleLang)}>
        <option value="en">English</option>
        <option value="es">Español</option>
      </select>
    </div>
  );
}

function Login({ t, lang, setLang, onToken }: { t: ConsoleTexts; lang: ConsoleLang; setLang: (l: ConsoleLang) => void; onToken: (token: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    document.title = t.title;
  }, [t]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await request('GET', '/api/handoffs/pending', { token: value.trim() });
      saveToken(value.trim());
      onToken(value.trim());
    } catch (err) {
      setError((err as { status?: number }).status === 401 ? t.badToken : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="app login-page">
      <main className="login-card">
        <h1 className="brand">{t.title}</h1>
        <h2>{t.loginTitle}</h2>
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor={id}>{t.tokenLabel}</label>
            <input id={id} type="password" data-testid="login-token" autoFocus autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} aria-describedby={`${id}-hint`} />
            <p className="hint" id={`${id}-hint`}>
              {t.tokenHint}
            </p>
          </div>
          <ErrorNote error={error} />
          <button type="submit" data-testid="login-submit" disabled={busy || !value.trim()}>
            {t.signIn}
          </button>
        </form>
        <LangSelect t={t} lang={lang} setLang={setLang} />
      </main>
    </div>
  );
}

function Signed({ token, t, lang, setLang, signOut }: { token: string; t: ConsoleTexts; lang: ConsoleLang; setLang: (l: ConsoleLang) => void; signOut: () => void }) {
  const [tab, setTab] = useState<Tab>(tabFromPath);
  const [bots, setBots] = useState<BotInfo[]>([]);
  /** Why the bots could not be read: every tab would look empty, so the console says so. */
  const [botsError, setBotsError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const inbox = useInbox(token, signOut);
  const alerts = useFeedbackAlerts(inbox.subscribe);
  const x = adminTexts[lang];
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ inbox: null, settings: null, persona: null, feedback: null, moderation: null });

  useEffect(() => {
    getBots().then(setBots, (err: Error) => {
      setBots([]);
      setBotsError(err.message);
    });
  }, []);

  useEffect(() => {
    document.title = inbox.pending > 0 ? `(${inbox.pending}) ${t.title}` : t.title;
  }, [inbox.pending, t]);

  useEffect(() => {
    const onPop = () => setTab(tabFromPath());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const go = (next: Tab) => {
    setTab(next);
    const path = next === 'inbox' ? '/admin' : `/admin/${next}`;
    if (location.pathname !== path) history.pushState(null, '', path);
  };

  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
    if (!next) return;
    e.preventDefault();
    go(next);
    tabRefs.current[next]?.focus();
  };

  const openConversation = (id: string) => {
    setSelected(id);
    go('inbox');
  };

  const label: Record<Tab, string> = { inbox: t.inbox, settings: t.settings, persona: x.persona, feedback: t.feedback, moderation: x.moderation };

  return (
    <div className="app console-app">
      <header className="topbar">
        <h1 className="brand">{t.title}</h1>
        <div role="tablist" aria-label={t.title} className="tabs" onKeyDown={onTabKey}>
          {TABS.map((id) => (
            <button
              key={id}
              ref={(el) => {
                tabRefs.current[id] = el;
              }}
              role="tab"
              id={`tab-${id}`}
              data-testid={`tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              className="tab"
              onClick={() => go(id)}
            >
              {label[id]}
              {id === 'inbox' && inbox.pending > 0 && (
                <span className="badge" data-testid="pending-badge" aria-label={t.pendingCount(inbox.pending)}>
                  {inbox.pending}
                </span>
              )}
              {id === 'feedback' && alerts.alerts.length > 0 && (
                <span className="badge" data-testid="alerts-badge" aria-label={x.alertsLabel}>
                  {alerts.alerts.length}
                </span>
              )}
            </button>
          ))}
        </div>
        <div className="topbar-end">
          <span className={`conn ${inbox.connected ? 'on' : 'off'}`} role="status" data-testid="connection">
            <span className="conn-dot" aria-hidden="true" /> <span className="conn-text">{inbox.connected ? t.live : t.reconnecting}</span>
          </span>
          <LangSelect t={t} lang={lang} setLang={setLang} />
          <a className="link-button" href="/">
            {t.simulator}
          </a>
          <button type="button" className="secondary" onClick={signOut}>
            {t.signOut}
          </button>
        </div>
      </header>
      <main className="console-main">
        {botsError && <ErrorNote error={t.botsLoadFailed(botsError)} />}
        <FeedbackAlerts alerts={alerts.alerts} dismiss={alerts.dismiss} bots={bots} t={t} x={x} onOpen={openConversation} />
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tabpanel">
          {tab === 'inbox' && <Inbox token={token} t={t} bots={bots} inbox={inbox} selected={selected} onSelect={setSelected} />}
          {tab === 'settings' && <SettingsTab token={token} t={t} bots={bots} />}
          {tab === 'persona' && <PersonaTab token={token} t={t} x={x} bots={bots} />}
          {tab === 'feedback' && <FeedbackTab token={token} t={t} x={x} bots={bots} onOpen={openConversation} subscribe={inbox.subscribe} />}
          {tab === 'moderation' && <ModerationTab token={token} t={t} x={x} bots={bots} onOpen={openConversation} />}
        </div>
      </main>
    </div>
  );
}
