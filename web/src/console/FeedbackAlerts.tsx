// Thumbs-down alerts: a customer's thumbs-down on a bot reply arrives as a console event (live, from any server
// process) and stays on screen, with the rated reply, until an operator opens the conversation or dismisses it.
import { useCallback, useEffect, useState } from 'react';
import type { BotInfo, ConsoleEvent } from '../shared/api.ts';
import { Icon } from '../shared/Icon.tsx';
import type { ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import type { Listener } from './useInbox.ts';
import './admin.css';

type FeedbackEvent = Extract<ConsoleEvent, { type: 'feedback' }>;

/** The most alerts kept at once: older ones are in the Feedback tab. */
const MAX_ALERTS = 5;

export function useFeedbackAlerts(subscribe: (l: Listener) => () => void) {
  const [alerts, setAlerts] = useState<FeedbackEvent[]>([]);
  useEffect(
    () =>
      subscribe((e) => {
        if (e.type !== 'feedback') return;
        // A rating changed back to thumbs-up takes its alert away.
        setAlerts((cur) => {
          const others = cur.filter((a) => !(a.sessionId === e.sessionId && a.messageId === e.messageId));
          return e.rating === -1 ? [e, ...others].slice(0, MAX_ALERTS) : others;
        });
      }),
    [subscribe],
  );
  const dismiss = useCallback((a: FeedbackEvent) => setAlerts((cur) => cur.filter((x) => x !== a)), []);
  return { alerts, dismiss };
}

export function FeedbackAlerts({
  alerts,
  dismiss,
  bots,
  t,
  x,
  onOpen,
}: {
  alerts: FeedbackEvent[];
  dismiss: (a: FeedbackEvent) => void;
  bots: BotInfo[];
  t: ConsoleTexts;
  x: AdminTexts;
  onOpen: (sessionId: string) => void;
}) {
  if (!alerts.length) return null;
  return (
    <section className="feedback-alerts" aria-label={x.alertsLabel} data-testid="feedback-alerts">
      {alerts.map((a) => (
        <div key={`${a.sessionId}-${a.messageId}`} className="feedback-alert" role="alert" data-testid="feedback-alert" data-session={a.sessionId}>
          <p className="feedback-alert-title">
            <Icon name="down" label={t.down} /> {x.thumbsDownAlert(bots.find((b) => b.id === a.bot)?.name ?? a.bot)}
          </p>
          <p className="feedback-alert-reply">“{a.reply}”</p>
          {a.comment && <p className="hint">{a.comment}</p>}
          <div className="feedback-alert-actions">
            <button
              type="button"
              className="small"
              onClick={() => {
                dismiss(a);
                onOpen(a.sessionId);
              }}
            >
              {t.open}
            </button>
            <button type="button" className="secondary small" data-testid="feedback-alert-dismiss" onClick={() => dismiss(a)}>
              {x.dismiss}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
