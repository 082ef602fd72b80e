// What a messaging channel knows about a conversation that the conversation itself does not: which replies never
// reached the customer, and (WhatsApp) whether a reply can reach them now.
import { useCallback, useEffect, useState } from 'react';
import { request } from '../shared/api.ts';
import type { Listener } from './useInbox.ts';

/** Channels whose replies are delivered by a provider (and can fail after the turn). */
const PROVIDER_CHANNELS = new Set(['evolution', 'whatsapp', 'chatwoot']);

interface Delivery {
  messageId: number | null;
  status: string;
  lastError: string | null;
  /** The provider's error code (e.g. WhatsApp 131056), when it named one. */
  errorCode: string | null;
}

/** Whether a reply reaches the customer now (GET /api/channels/sessions/:id/window). */
export interface ReplyWindow {
  windowOpen: boolean;
  reopenTemplate?: { name: string; language: string } | null;
  reason?: string;
}

/** Why a delivery failed, as the operator reads it: the provider's code, then its message. */
export const deliveryFailure = (d: Pick<Delivery, 'errorCode' | 'lastError'>) => `${d.errorCode ? `(${d.errorCode}) ` : ''}${d.lastError ?? ''}`;

/**
 * Replies that never reached the customer on a messaging channel (failed sends, or failures the provider reported
 * later), by message id with why. Read again whenever the conversation grows, and when a system message arrives
 * (a failure brings one).
 */
export function useUndelivered(id: string, token: string, channel: string | null | undefined, messageCount: number | undefined, subscribe: (l: Listener) => () => void): ReadonlyMap<number, string> {
  const [undelivered, setUndelivered] = useState<ReadonlyMap<number, string>>(new Map());
  const onChannel = !!channel && PROVIDER_CHANNELS.has(channel);
  const load = useCallback(async () => {
    if (!onChannel) return;
    try {
      const r = await request<{ deliveries: Delivery[] }>('GET', `/api/channels/deliveries?status=failed&sessionId=${encodeURIComponent(id)}`, { token });
      setUndelivered(new Map(r.deliveries.filter((d) => d.messageId !== null).map((d) => [d.messageId!, deliveryFailure(d)])));
    } catch {
      /* channels off on this server: no marks */
    }
  }, [id, token, onChannel]);
  useEffect(() => {
    void load();
  }, [load, messageCount]);
  useEffect(
    () =>
      subscribe((e) => {
        if (e.type === 'message' && e.sessionId === id && e.message.role === 'system') void load();
      }),
    [subscribe, id, load],
  );
  return undelivered;
}

/** WhatsApp's 24-hour window while a person may reply: known before the operator types, read again as messages arrive. */
export function useReplyWindow(id: string, token: string, channel: string | null | undefined, canReply: boolean, messageCount: number | undefined): ReplyWindow | null {
  const [replyWindow, setReplyWindow] = useState<ReplyWindow | null>(null);
  useEffect(() => {
    if (channel !== 'whatsapp' || !canReply) {
      setReplyWindow(null);
      return;
    }
    request<ReplyWindow>('GET', `/api/channels/sessions/${encodeURIComponent(id)}/window`, { token }).then(setReplyWindow, () => setReplyWindow(null));
  }, [id, token, channel, canReply, messageCount]);
  return replyWindow;
}
